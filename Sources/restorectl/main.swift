print("restorectl")
