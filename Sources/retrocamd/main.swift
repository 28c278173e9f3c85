print("retrocamd: wiring in progress")
