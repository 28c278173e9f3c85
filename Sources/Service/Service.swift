// Service module
