print("retrocamd")
