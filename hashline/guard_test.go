package hashline

import (
	"strings"
	"testing"
)

func TestStripCopied(t *testing.T) {
	s := NewStore()
	tag := s.Record("/w/copy.txt", "alpha\nbeta\n")
	s.Record("/w/sub/source.txt", "one\nneedle\nthree\n")
	ntag := Tag("one\nneedle\nthree\n")
	opts := StripOptions{Store: s, Target: []string{"dest.txt", "/w/dest.txt"},
		Resolve: func(d string) (string, bool) { return "/w/" + d, true }}
	h := "[copy.txt#" + tag + "]"
	for _, tc := range []struct {
		in, want string
		stripped bool
	}{
		{h + "\n1:alpha\n2:beta", "alpha\nbeta\n", true},
		{h + "\n1:alpha", "alpha", true},
		{h + "\n2:beta", "beta\n", true},
		{h, "alpha\nbeta\n", true},
		{h + "\n*1:alpha\n 2:beta", "alpha\nbeta\n", true},
		{h + "\r\n1:alpha\r\n2:beta\r\n", "alpha\nbeta\n", true},
		{h + "\n1:alpha\n\n[1 more lines in file. Continue with path selector :3.]", "alpha", true},
		{h + "\nSuccessfully wrote 11 bytes to copy.txt", "alpha\nbeta\n", true},
		{h + "\nSuccessfully wrote to dest.txt", "alpha\nbeta\n", true},
		{"# sub/\n[sub/source.txt#" + ntag + "]\n 1:one\n*2:needle\n 3:three", "one\nneedle\nthree\n", true},
		// Not ours or not exact: kept as written.
		{h + "\nSuccessfully wrote to notes.md", "", false},
		{h + "\n1:ALPHA", "", false},
		{h + "\n1:alpha\nfree text", "", false},
		{h + "\n3:beta", "", false},
		{"[copy.txt#ABCD]\n1:alpha", "", false},
		{"[section]\n1:alpha", "", false},
		{"intro\n" + h + "\n1:alpha", "", false},
		{"plain text", "", false},
	} {
		got, ok := StripCopied(tc.in, opts)
		if !tc.stripped {
			tc.want = tc.in
		}
		if got != tc.want || ok != tc.stripped {
			t.Errorf("StripCopied(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.stripped)
		}
	}
}

func TestDiverge(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want Evidence
	}{
		{"a\nb\nc\n", "a\nB\nc\n", Evidence{2, 1, 1, "b", "B"}},
		{strings.Repeat("x\n", 400), "NEW\n" + strings.Repeat("x\n", 400), Evidence{1, 0, 1, "", "NEW"}},
		{"first\n", "external\n", Evidence{1, 1, 1, "first", "external"}},
		{"a\nb\n", "a\n", Evidence{2, 1, 0, "b", ""}},
		{"a\r\nb\r\n", "a\nb\n", Evidence{4, 0, 0, "", ""}}, // equal texts: nothing differs
	} {
		if got := Diverge(tc.a, tc.b); got != tc.want {
			t.Errorf("Diverge(%q, %q) = %+v, want %+v", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestConflictMessages(t *testing.T) {
	live := LiveStateOf("external\n" + strings.Repeat("y", 300) + "\n")
	ev := Diverge("first\n", "external\n")
	for _, c := range []*Conflict{
		{Reason: NoPriorObservation, Path: "a.txt", Live: live, Session: "s1", Agent: "main"},
		{Reason: ChangedSinceObservation, Path: "a.txt", Evidence: &ev, Live: live, Session: "s1", Agent: "main"},
		{Reason: TargetExists, Path: "a.txt", Session: "s1"},
		{Reason: TargetUnreadable, Path: "d", Errno: "EISDIR", Session: "s1"},
		{Reason: TargetMissing, Path: "a.txt", Presented: "1A2B", Session: "s1"},
		{Reason: ChangedBeforeWrite, Path: "a.txt", Session: "s1"},
		{Reason: ForeignSnapshot, Path: "a.txt", Presented: "1A2B", Session: "s1"},
	} {
		msg := c.Error()
		lines := strings.Split(msg, "\n")
		head := "FILE_MUTATION_CONFLICT:" + c.Reason + " " + c.Path
		if c.Presented != "" {
			head += " (presented #" + c.Presented + ")"
		}
		if lines[0] != head || !strings.HasPrefix(lines[1], "Why: ") || !strings.HasPrefix(lines[len(lines)-2], "Next: ") ||
			!strings.HasPrefix(lines[len(lines)-1], "session="+c.Session+" agent=") || !strings.HasSuffix(msg, " index=0") {
			t.Errorf("shape of %s:\n%s", c.Reason, msg)
		}
		if (c.Reason == NoPriorObservation || c.Reason == TargetExists) && strings.Contains(msg, "again") {
			t.Errorf("%s must not say again:\n%s", c.Reason, msg)
		}
		if c.Reason == TargetMissing && !strings.Contains(msg, "Do not read it") {
			t.Errorf("target_missing must say Do not read it:\n%s", msg)
		}
		if c.Reason == TargetUnreadable && !strings.Contains(msg, "EISDIR") {
			t.Errorf("errno missing:\n%s", msg)
		}
		if c.Live != nil && !strings.Contains(msg, "Live state (for comparison only): 2 lines, first line \"external\", current tag #"+live.Tag+".") {
			t.Errorf("live state:\n%s", msg)
		}
		if KindOf(c.AsError()) != KindConflict {
			t.Error("kind")
		}
	}
	msg := (&Conflict{Reason: ChangedSinceObservation, Path: "a", Evidence: &Evidence{Line: 3, AssumedLines: 1, FoundLines: 1, Assumed: strings.Repeat("é", 130), Found: "x\"y"}}).Error()
	if !strings.Contains(msg, `expected "`+strings.Repeat("é", 120)+`..." (1 line(s)), found "x\"y" (1 line(s))`) {
		t.Errorf("excerpts must be JSON-quoted and cut at 120 chars:\n%s", msg)
	}
}

func TestLooksCopied(t *testing.T) {
	for _, c := range []struct {
		content string
		want    bool
	}{
		{"[a.ts#1A2B]\n1:x\n", true},
		{"\n# src/\n[src/a.ts#1a2b]\n*3:x", true},
		{"[a.ts#1A2B]\n\n 12:x", true},
		{"[section]\nkey = 1\n", false},
		{"[a.ts#1A2B]\nplain text\n", false},
		{"text\n[a.ts#1A2B]\n1:x\n", false},
		{"[a.ts#1A2B]\n", false},
		{"", false},
	} {
		if got := LooksCopied(c.content); got != c.want {
			t.Errorf("LooksCopied(%q) = %v, want %v", c.content, got, c.want)
		}
	}
}
