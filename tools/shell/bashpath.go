package shell

import "strings"

// gitBashCandidates lists, best first, where Git for Windows' bash.exe may
// be (Windows has no bash of its own: this is the one commands run with):
// ATOMIC_BASH when set, the installation that git.exe on PATH belongs to
// (gitExe, "" when there is none: <root>\cmd\git.exe, <root>\bin\git.exe or
// <root>\mingw64\bin\git.exe, whose bash is <root>\bin\bash.exe), then the
// default installation directories (machine-wide and per-user). getenv
// reads the environment. Kept apart from the lookup so it is tested on
// every system.
func gitBashCandidates(getenv func(string) string, gitExe string) []string {
	var c []string
	if p := getenv("ATOMIC_BASH"); p != "" {
		c = append(c, p)
	}
	if gitExe != "" {
		dir := winDir(gitExe)
		for _, sub := range []string{`\cmd`, `\mingw64\bin`, `\bin`} {
			if root, ok := cutSuffixFold(dir, sub); ok {
				c = append(c, root+`\bin\bash.exe`)
				break
			}
		}
	}
	for _, v := range []string{"ProgramW6432", "ProgramFiles", "ProgramFiles(x86)"} {
		if p := getenv(v); p != "" {
			c = append(c, strings.TrimRight(p, `\`)+`\Git\bin\bash.exe`)
		}
	}
	if p := getenv("LOCALAPPDATA"); p != "" {
		c = append(c, strings.TrimRight(p, `\`)+`\Programs\Git\bin\bash.exe`)
	}
	return dedupFold(c)
}

// isWSLLauncher reports whether bash (from PATH) is Windows' own bash.exe,
// which starts a Linux distribution under WSL: its paths and environment
// are not Windows', so it is never used to run commands.
func isWSLLauncher(bash, systemRoot string) bool {
	dir := strings.ToLower(winDir(bash))
	if strings.HasSuffix(dir, `\windowsapps`) {
		return true
	}
	sr := strings.ToLower(strings.TrimRight(systemRoot, `\`))
	return sr != "" && (dir == sr+`\system32` || dir == sr+`\sysnative`)
}

// winDir is the directory of a Windows path (either separator).
func winDir(p string) string {
	if i := strings.LastIndexAny(p, `\/`); i >= 0 {
		return strings.ReplaceAll(p[:i], "/", `\`)
	}
	return ""
}

func cutSuffixFold(s, suffix string) (string, bool) {
	if len(s) >= len(suffix) && strings.EqualFold(s[len(s)-len(suffix):], suffix) {
		return s[:len(s)-len(suffix)], true
	}
	return s, false
}

func dedupFold(list []string) []string {
	var out []string
	for _, p := range list {
		dup := false
		for _, q := range out {
			dup = dup || strings.EqualFold(p, q)
		}
		if !dup {
			out = append(out, p)
		}
	}
	return out
}
