package cli

import (
	"runtime/debug"
	"testing"
)

func TestVersionString(t *testing.T) {
	withVCS := &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.modified", Value: "true"}}}
	cases := []struct {
		set  string
		bi   *debug.BuildInfo
		want string
	}{
		{"v1.2.0", &debug.BuildInfo{Main: debug.Module{Version: "v9.9.9"}}, "v1.2.0"}, // -ldflags wins
		{"dev", &debug.BuildInfo{Main: debug.Module{Version: "v1.3.1"}}, "v1.3.1"},    // go install …@v1.3.1
		{"dev", &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261201231500-0123456789ab+dirty"}}, "v0.0.0-20261201231500-0123456789ab+dirty"},
		{"dev", withVCS, "dev-0123456789ab+dirty"},
		{"dev", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "dev"},
		{"dev", nil, "dev"},
	}
	for _, c := range cases {
		if got := versionString(c.set, c.bi); got != c.want {
			t.Errorf("versionString(%q, %+v) = %q, want %q", c.set, c.bi, got, c.want)
		}
	}
}
