print("bench-import: TODO")
