-- error() with something else than a message, while the script loads.
error({})
