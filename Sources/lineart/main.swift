// Placeholder entry point; the CLI issue replaces it.
print("lineart")
