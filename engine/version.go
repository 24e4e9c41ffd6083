package engine

import (
	"runtime/debug"
	"sync"
)

// buildVersion is set at link time for a release build:
//
//	go build -ldflags "-X github.com/atomic-script/atomic-script/engine.buildVersion=v1.2.3" ./cmd/atomic-script
var buildVersion string

var versionOnce = sync.OnceValue(func() string {
	if buildVersion != "" {
		return buildVersion
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v // go install module@version
	}
	var rev, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if rev == "" {
		return "devel"
	}
	v := "devel+" + rev[:min(len(rev), 12)]
	if modified == "true" {
		v += "-dirty"
	}
	return v
})

// Version is the version of atomic-script that is running, from its build
// information: the link-time version of a release build, the module
// version of `go install …@version`, else "devel+<commit>" (with "-dirty"
// for uncommitted changes) for a build from a checkout, or "devel". Every
// Result carries it.
func Version() string { return versionOnce() }
