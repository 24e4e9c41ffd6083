package cli

func cmdServe(args []string, stdio Stdio) (int, error) {
	return 0, usagef("serve: not available in this build yet")
}
