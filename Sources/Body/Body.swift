// Body module
