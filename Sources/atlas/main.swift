print("atlas")
