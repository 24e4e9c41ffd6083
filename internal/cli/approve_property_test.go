package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/tools"
)

// hostileMove is one generated write({path, moveTo}) call.
type hostileMove struct {
	Src string `json:"src"`
	Dst string `json:"dst"`
}

// genHostileMoves makes n moves out of src/ whose destinations are what
// an attacker would try: protected files (.git hooks and config, .atomic
// settings) in other spellings (case, trailing dots and spaces, invisible
// code points), names the deny rules refuse (.env, *.pem, in any case),
// paths that climb out of src/ with "..", ordinary files outside src/ and
// inside it — with control characters, escape sequences and bidi
// overrides mixed into the names.
func genHostileMoves(r *rand.Rand, n int) []hostileMove {
	protected := []string{".git/hooks/pre-commit", ".git/config", ".atomic/settings.json", "sub/.git/hooks/post-checkout", ".git/info/attributes"}
	denied := []string{".env", "cfg/.env", "key.pem", "deep/x/server.pem"}
	controls := []string{"\r", "\x1b[2K", "\u202e", "\n", "\t", "\u200d", "\x07", "\u0085"}
	flipCase := func(s string) string {
		b := []rune(s)
		for i, c := range b {
			if r.IntN(2) == 0 {
				b[i] = []rune(strings.ToUpper(string(c)))[0]
			}
		}
		return string(b)
	}
	respell := func(p string) string {
		segs := strings.Split(p, "/")
		for i, s := range segs {
			switch r.IntN(5) {
			case 0:
				segs[i] = flipCase(s)
			case 1:
				segs[i] = s + []string{".", " ", ". "}[r.IntN(3)]
			case 2:
				if len(s) > 2 {
					segs[i] = s[:2] + []string{"\u200c", "\u200d", "\u202e", "\ufeff"}[r.IntN(4)] + s[2:]
				}
			}
		}
		return strings.Join(segs, "/")
	}
	withControl := func(p string) string {
		dir, base := filepath.Split(p)
		if r.IntN(2) == 0 {
			return p
		}
		c := controls[r.IntN(len(controls))]
		if r.IntN(2) == 0 {
			return dir + c + base
		}
		return dir + base + c + "x"
	}
	var out []hostileMove
	for i := range n {
		src := withControl(fmt.Sprintf("src/f%d.txt", i))
		var dst string
		switch r.IntN(6) {
		case 0:
			dst = respell(protected[r.IntN(len(protected))])
		case 1:
			dst = flipCase(denied[r.IntN(len(denied))]) + []string{"", ".", " "}[r.IntN(3)]
		case 2:
			dst = "src/../" + []string{".env", ".git/hooks/pre-push", fmt.Sprintf("out%d.txt", i)}[r.IntN(3)]
		case 3:
			dst = withControl(fmt.Sprintf("docs/n%d.md", i))
		default:
			dst = withControl(fmt.Sprintf("src/moved/m%d.txt", i))
		}
		out = append(out, hostileMove{Src: src, Dst: dst})
	}
	return out
}

// foldSegment is the test's own statement of the folding protected paths
// and deny rules use: case, the invisible code points HFS+ ignores, and
// the trailing dots and spaces Windows drops.
func foldSegment(s string) string {
	s = strings.Map(func(r rune) rune {
		if r >= 0x200c && r <= 0x200f || r >= 0x202a && r <= 0x202e || r >= 0x206a && r <= 0x206f || r == 0xfeff {
			return -1
		}
		return r
	}, strings.ToLower(s))
	if s == "." || s == ".." {
		return s
	}
	return strings.TrimRight(s, ". ")
}

// expected is what must happen to a move to dst: refused by the file
// tools (a protected path), denied by a deny rule, moved without asking
// (allowed by src/**), or asked about.
func expected(dst string) string {
	clean := filepath.ToSlash(filepath.Clean(strings.TrimSpace(dst))) // a path argument is trimmed
	segs := strings.Split(clean, "/")
	for _, s := range segs {
		if f := foldSegment(s); f == ".git" || f == ".atomic" {
			return "ERR_NOT_ALLOWED"
		}
	}
	// ".env" names the workspace's own; "**/*.pem" any.
	if base := foldSegment(segs[len(segs)-1]); len(segs) == 1 && base == ".env" || strings.HasSuffix(base, ".pem") {
		return "ERR_DENIED"
	}
	if strings.HasPrefix(clean, "src/") {
		return "moved"
	}
	return "asked"
}

// TestHostileMovesMeetThePathPolicy is a property test over generated
// calls: every write({path, moveTo}) with a hostile second path gets what
// the path policy says of its destination — protected paths refused in
// every spelling, deny rules in every case, an allow list never letting a
// move leave it without asking — and every prompt shown names both paths
// with their control characters escaped, so it shows what runs.
func TestHostileMovesMeetThePathPolicy(t *testing.T) {
	seed := uint64(rand.Int64())
	if s := os.Getenv("ATOMIC_PROPERTY_SEED"); s != "" {
		fmt.Sscan(s, &seed)
	}
	t.Logf("seed %d (ATOMIC_PROPERTY_SEED=%d reproduces it)", seed, seed)
	moves := genHostileMoves(rand.New(rand.NewPCG(seed, 29)), 150)

	root := t.TempDir()
	t.Setenv("ATOMIC_HOME", t.TempDir())
	t.Setenv("ATOMIC_STATE_DIR", t.TempDir())
	for _, d := range []string{".git/hooks", ".atomic", "src"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	eng, err := engine.New(engine.WithRoot(root), engine.WithTools(engine.Builtins()), engine.WithApprovals(engine.ApprovalPolicy{
		Layers: []engine.ApprovalLayer{{Source: "settings.json", Rules: map[engine.ApprovalClass]engine.ApprovalRule{
			engine.ClassWrite: {Action: engine.ActionAsk, Allow: []string{"src/**"}, Deny: []string{".env", "**/*.pem"}},
		}}},
	}))
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()

	var mu sync.Mutex
	asked := map[string]engine.ApprovalRequest{}
	ask := func(ctx context.Context, req engine.ApprovalRequest) (engine.ApprovalAnswer, error) {
		mu.Lock()
		asked[req.CallID] = req
		mu.Unlock()
		return engine.ApprovalAnswer{Reason: "declined by the test"}, nil
	}
	data, _ := json.Marshal(moves)
	r, err := eng.Run(context.Background(), `
		const out = [];
		for (const m of `+string(data)+`) {
			await tools.write({path: m.src, content: "x\n"});
			const id = String(2 * out.length + 2);
			try { await tools.write({path: m.src, moveTo: m.dst}); out.push(["moved", id]) } catch (e) { out.push([e.code, id]) }
		}
		return out`, engine.WithAsker("test", ask))
	if err != nil {
		t.Fatal(err)
	}
	if !r.OK {
		t.Fatalf("%s", r.Text)
	}
	var got [][2]string
	if err := json.Unmarshal(r.Value, &got); err != nil || len(got) != len(moves) {
		t.Fatalf("results %s: %v", r.Value, err)
	}
	for i, m := range moves {
		want, code, id := expected(m.Dst), got[i][0], got[i][1]
		req, wasAsked := asked[id]
		switch {
		case want == "asked" && (!wasAsked || code != "ERR_DENIED"):
			t.Errorf("move %q → %q: %s (asked %v), want it asked and declined", m.Src, m.Dst, code, wasAsked)
		case want != "asked" && (wasAsked || code != want):
			t.Errorf("move %q → %q: %s (asked %v), want %s without asking", m.Src, m.Dst, code, wasAsked, want)
		}
		if !wasAsked {
			continue
		}
		if len(req.Moves) != 1 || len(req.Paths) != 2 {
			t.Errorf("move %q → %q: the request shows paths %q, moves %+v", m.Src, m.Dst, req.Paths, req.Moves)
			continue
		}
		prompt := promptText(req)
		if c, bad := acts(prompt); bad {
			t.Errorf("move %q → %q: the prompt holds %U:\n%q", m.Src, m.Dst, c, prompt)
		}
		if line := "  write " + tools.Visible(req.Moves[0].From) + " → " + tools.Visible(req.Moves[0].To) + "\n"; !strings.Contains(prompt, line) {
			t.Errorf("move %q → %q: the prompt lacks %q:\n%s", m.Src, m.Dst, line, prompt)
		}
		if !strings.HasSuffix(req.Moves[0].To, filepath.Base(filepath.Clean(strings.TrimSpace(m.Dst)))) {
			t.Errorf("move %q → %q: the request names the destination %q", m.Src, m.Dst, req.Moves[0].To)
		}
	}
	// Nothing landed where it was refused.
	for _, m := range moves {
		if w := expected(m.Dst); w == "ERR_NOT_ALLOWED" || w == "ERR_DENIED" || w == "asked" {
			if _, err := os.Lstat(filepath.Join(root, strings.TrimSpace(m.Dst))); err == nil {
				t.Errorf("%q exists after its move was refused", m.Dst)
			}
		}
	}
}

// TestHostileCommandsShowWhatRuns is a property test over generated bash
// calls: an allowed "echo" hides a second command behind carriage
// returns, erase-line sequences, bidi overrides and newlines. Whatever
// the mix, the hidden command is not allowed by "echo *", it is asked
// about, and the prompt shows it, with no character that acts on the
// terminal; declined, it never runs.
func TestHostileCommandsShowWhatRuns(t *testing.T) {
	seed := uint64(rand.Int64())
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, 5))
	root := t.TempDir()
	t.Setenv("ATOMIC_HOME", t.TempDir())
	t.Setenv("ATOMIC_STATE_DIR", t.TempDir())
	eng, err := engine.New(engine.WithRoot(root), engine.WithTools(engine.Builtins()), engine.WithApprovals(engine.ApprovalPolicy{
		Layers: []engine.ApprovalLayer{{Source: "settings.json", Rules: map[engine.ApprovalClass]engine.ApprovalRule{
			engine.ClassBash: {Action: engine.ActionAsk, Allow: []string{"echo *"}},
		}}},
	}))
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	hide := []string{"\r", "\x1b[2K", "\x1b[1A", "\u202e", "\u2066", "\x08\x08\x08", "\u0085", "\x1b]0;x\x07"}
	seps := []string{"; ", " && ", "\n", " | ", " || "}
	var cmds []string
	for i := range 60 {
		var b strings.Builder
		b.WriteString("echo ok")
		for range 1 + r.IntN(3) {
			b.WriteString(hide[r.IntN(len(hide))])
		}
		fmt.Fprintf(&b, "%stouch PWNED%d", seps[r.IntN(len(seps))], i)
		for range r.IntN(3) {
			b.WriteString(hide[r.IntN(len(hide))])
		}
		cmds = append(cmds, b.String())
	}
	var mu sync.Mutex
	var prompts []string
	ask := func(ctx context.Context, req engine.ApprovalRequest) (engine.ApprovalAnswer, error) {
		mu.Lock()
		prompts = append(prompts, promptText(req))
		mu.Unlock()
		return engine.ApprovalAnswer{Reason: "declined by the test"}, nil
	}
	data, _ := json.Marshal(cmds)
	res, err := eng.Run(context.Background(), `
		const out = [];
		for (const c of `+string(data)+`) {
			try { await tools.bash({command: c}); out.push("ran") } catch (e) { out.push(e.code) }
		}
		return out`, engine.WithAsker("test", ask))
	if err != nil || !res.OK {
		t.Fatalf("%v %s", err, res.Text)
	}
	if len(prompts) != len(cmds) {
		t.Fatalf("asked %d times for %d commands that hide a second one: %s", len(prompts), len(cmds), res.Value)
	}
	for i, p := range prompts {
		if c, bad := acts(p); bad {
			t.Errorf("command %q: the prompt holds %U:\n%q", cmds[i], c, p)
		}
		if !strings.Contains(p, fmt.Sprintf("touch PWNED%d", i)) {
			t.Errorf("command %q: the prompt does not show the hidden command:\n%s", cmds[i], p)
		}
	}
	entries, _ := os.ReadDir(root)
	if len(entries) != 0 {
		t.Errorf("a declined command ran: %v", entries)
	}
}

// hostileMember is one generated write of an archive member.
type hostileMember struct {
	Archive string `json:"archive"`
	Name    string `json:"name"`
}

// trimmed is the member's name as the write reads it: a path argument is
// trimmed of white space (a trailing "\r" or "\u0085" too).
func (m hostileMember) trimmed() string {
	return strings.TrimPrefix(strings.TrimSpace(m.Archive+":"+m.Name), m.Archive+":")
}

// genHostileMembers makes n writes of archive members, into an archive in
// src/ (allowed) or outside it (asked), whose names are what an attacker
// would try: names the deny rules refuse in any case and with trailing
// dots and spaces, names climbing out with "..", and ordinary names —
// with control characters, escape sequences and bidi overrides mixed in.
func genHostileMembers(r *rand.Rand, n int) []hostileMember {
	denied := []string{"key.pem", "deep/x/server.pem", "a/secrets/token.txt", "secrets/x"}
	controls := []string{"\r", "\x1b[2K", "\u202e", "\n", "\t", "\u200d", "\x07", "\u0085", "\x1b]0;x\x07"}
	flipCase := func(s string) string {
		b := []rune(s)
		for i, c := range b {
			if r.IntN(2) == 0 {
				b[i] = []rune(strings.ToUpper(string(c)))[0]
			}
		}
		return string(b)
	}
	archives := []string{"src/b.zip", "src/c.tar.gz", "out.zip", "out/d.tar.gz"}
	var out []hostileMember
	for i := range n {
		var name string
		switch r.IntN(4) {
		case 0:
			name = flipCase(denied[r.IntN(len(denied))]) + []string{"", ".", " "}[r.IntN(3)]
		case 1:
			name = []string{"../", "a/../../", "./"}[r.IntN(3)] + fmt.Sprintf("n%d.txt", i)
		default:
			name = fmt.Sprintf("dir%d/m%d.txt", i%3, i)
		}
		if r.IntN(3) == 0 {
			c := controls[r.IntN(len(controls))]
			if k := r.IntN(len(name) + 1); k < len(name) {
				name = name[:k] + c + name[k:]
			} else {
				name += c
			}
		}
		out = append(out, hostileMember{Archive: archives[r.IntN(len(archives))], Name: name})
	}
	return out
}

// expectedMember is what must happen to a write of member m: refused as
// a name no write creates (ERR_INVALID_ARGS: control or invisible
// characters, a "." or ".." segment), denied by a deny rule, written
// without asking (an archive in src/), or asked about.
func expectedMember(m hostileMember) string {
	name := m.trimmed()
	if tools.Visible(name) != name {
		return "ERR_INVALID_ARGS"
	}
	segs := strings.Split(name, "/")
	for _, s := range segs {
		if s == ".." || s == "." {
			return "ERR_INVALID_ARGS"
		}
	}
	for _, s := range segs[:len(segs)-1] {
		if foldSegment(s) == "secrets" {
			return "ERR_DENIED"
		}
	}
	if strings.HasSuffix(foldSegment(segs[len(segs)-1]), ".pem") {
		return "ERR_DENIED"
	}
	if strings.HasPrefix(m.Archive, "src/") {
		return "wrote"
	}
	return "asked"
}

// TestHostileMembersMeetThePathPolicy is the property test for the
// second path inside an archive: every write of a generated member name
// is refused before anyone is asked when no write may create it, denied
// when a deny rule matches it under its archive (in any case), written
// when its archive is allowed, and otherwise asked about with a prompt
// that names the member, escaped, under its archive.
func TestHostileMembersMeetThePathPolicy(t *testing.T) {
	seed := uint64(rand.Int64())
	if s := os.Getenv("ATOMIC_PROPERTY_SEED"); s != "" {
		fmt.Sscan(s, &seed)
	}
	t.Logf("seed %d (ATOMIC_PROPERTY_SEED=%d reproduces it)", seed, seed)
	members := genHostileMembers(rand.New(rand.NewPCG(seed, 10)), 120)

	root := t.TempDir()
	t.Setenv("ATOMIC_HOME", t.TempDir())
	t.Setenv("ATOMIC_STATE_DIR", t.TempDir())
	eng, err := engine.New(engine.WithRoot(root), engine.WithTools(engine.Builtins()), engine.WithApprovals(engine.ApprovalPolicy{
		Layers: []engine.ApprovalLayer{{Source: "settings.json", Rules: map[engine.ApprovalClass]engine.ApprovalRule{
			engine.ClassWrite: {Action: engine.ActionAsk, Allow: []string{"src/**"}, Deny: []string{".env", "**/*.pem", "**/secrets/**"}},
		}}},
	}))
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()

	var mu sync.Mutex
	asked := map[string]engine.ApprovalRequest{}
	ask := func(ctx context.Context, req engine.ApprovalRequest) (engine.ApprovalAnswer, error) {
		mu.Lock()
		asked[req.CallID] = req
		mu.Unlock()
		return engine.ApprovalAnswer{Reason: "declined by the test"}, nil
	}
	data, _ := json.Marshal(members)
	r, err := eng.Run(context.Background(), `
		const out = [];
		for (const m of `+string(data)+`) {
			const id = String(out.length + 1);
			try { await tools.write({path: m.archive + ":" + m.name, content: "x\n"}); out.push(["wrote", id]) } catch (e) { out.push([e.code, id]) }
		}
		return out`, engine.WithAsker("test", ask))
	if err != nil {
		t.Fatal(err)
	}
	if !r.OK {
		t.Fatalf("%s", r.Text)
	}
	var got [][2]string
	if err := json.Unmarshal(r.Value, &got); err != nil || len(got) != len(members) {
		t.Fatalf("results %s: %v", r.Value, err)
	}
	for i, m := range members {
		want, code, id := expectedMember(m), got[i][0], got[i][1]
		req, wasAsked := asked[id]
		switch {
		case want == "asked" && (!wasAsked || code != "ERR_DENIED"):
			t.Errorf("write %s:%q: %s (asked %v), want it asked and declined", m.Archive, m.Name, code, wasAsked)
		case want != "asked" && (wasAsked || code != want):
			t.Errorf("write %s:%q: %s (asked %v), want %s without asking", m.Archive, m.Name, code, wasAsked, want)
		}
		if !wasAsked {
			continue
		}
		prompt := promptText(req)
		if c, bad := acts(prompt); bad {
			t.Errorf("write %s:%q: the prompt holds %U:\n%q", m.Archive, m.Name, c, prompt)
		}
		if line := "  write " + tools.Visible(m.Archive+":"+m.trimmed()) + "\n"; !strings.Contains(prompt, line) {
			t.Errorf("write %s:%q: the prompt lacks %q:\n%s", m.Archive, m.Name, line, prompt)
		}
	}
	// Nothing was created outside src/, where every write asked or was
	// refused.
	for _, a := range []string{"out.zip", "out/d.tar.gz"} {
		if _, err := os.Lstat(filepath.Join(root, a)); err == nil {
			t.Errorf("%s was made, though every write to it was asked about and declined", a)
		}
	}
}
