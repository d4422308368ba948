return { componets = {} }
