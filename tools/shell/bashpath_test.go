package shell

import (
	"slices"
	"testing"
)

func TestGitBashCandidates(t *testing.T) {
	env := func(vars map[string]string) func(string) string {
		return func(k string) string { return vars[k] }
	}
	std := map[string]string{"ProgramW6432": `C:\Program Files`, "ProgramFiles": `C:\Program Files`, "ProgramFiles(x86)": `C:\Program Files (x86)`, "LOCALAPPDATA": `C:\Users\al\AppData\Local`}
	defaults := []string{`C:\Program Files\Git\bin\bash.exe`, `C:\Program Files (x86)\Git\bin\bash.exe`, `C:\Users\al\AppData\Local\Programs\Git\bin\bash.exe`}
	cases := []struct {
		name string
		vars map[string]string
		git  string
		want []string
	}{
		{"defaults only, duplicates folded", std, "", defaults},
		{"git from cmd", std, `D:\Tools\Git\cmd\git.exe`, append([]string{`D:\Tools\Git\bin\bash.exe`}, defaults...)},
		{"git from mingw64\\bin", std, `D:\Tools\Git\mingw64\bin\git.exe`, append([]string{`D:\Tools\Git\bin\bash.exe`}, defaults...)},
		{"git from bin, other case", std, `d:\tools\git\BIN\git.exe`, append([]string{`d:\tools\git\bin\bash.exe`}, defaults...)},
		{"git elsewhere: no guess", std, `D:\scoop\shims\git.exe`, defaults},
		{"ATOMIC_BASH first", map[string]string{"ATOMIC_BASH": `E:\msys64\usr\bin\bash.exe`, "ProgramFiles": `C:\Program Files\`}, "", []string{`E:\msys64\usr\bin\bash.exe`, `C:\Program Files\Git\bin\bash.exe`}},
		{"nothing set", nil, "", nil},
	}
	for _, c := range cases {
		if got := gitBashCandidates(env(c.vars), c.git); !slices.Equal(got, c.want) {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}

func TestIsWSLLauncher(t *testing.T) {
	cases := []struct {
		bash string
		want bool
	}{
		{`C:\Windows\System32\bash.exe`, true},
		{`c:\windows\system32\BASH.EXE`, true},
		{`C:\Users\al\AppData\Local\Microsoft\WindowsApps\bash.exe`, true},
		{`C:\Program Files\Git\usr\bin\bash.exe`, false},
		{`C:\msys64\usr\bin\bash.exe`, false},
	}
	for _, c := range cases {
		if got := isWSLLauncher(c.bash, `C:\Windows`); got != c.want {
			t.Errorf("isWSLLauncher(%q) = %v, want %v", c.bash, got, c.want)
		}
	}
}
