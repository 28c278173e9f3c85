print("retrocam")
