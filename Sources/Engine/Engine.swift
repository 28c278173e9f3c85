// Engine module
