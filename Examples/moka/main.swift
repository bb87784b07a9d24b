print("moka")
