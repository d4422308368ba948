return { components = { A = function( end }
