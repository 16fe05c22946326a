package haat

// CommonPasswordCount is the number of passwords on the list CommonPassword looks in.
func CommonPasswordCount() int { return len(commonPasswords()) }
