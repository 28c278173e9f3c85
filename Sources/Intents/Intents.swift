// Intents module
