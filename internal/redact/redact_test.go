package redact

import (
	"encoding/json"
	"strings"
	"testing"
)

const ghToken = "ghp_0123456789abcdefghijABCDEFGHIJ012345"

// TestRedactor: secret-looking variables' values, explicitly named ones,
// and the token shapes of GitHub, GitLab, AWS and OpenAI are masked;
// short or ordinary values are not.
func TestRedactor(t *testing.T) {
	env := []string{
		"MY_API_TOKEN=s3cr3t-value-1", "DB_PASSWORD=hunter2hunter2", "STRIPE_SECRET_X=sk_live_abc123", "DEPLOY_KEY=abcdef123456",
		"SHORT_TOKEN=1", "FLAG_KEY=true", "HOME=/home/me", "PATH=/usr/bin", "CUSTOM=plainvalue", "KEYBOARD=us-intl-layout",
	}
	r := New(env, "CUSTOM")
	for in, want := range map[string]string{
		"token s3cr3t-value-1 here":                     "token *** here",
		"pw=hunter2hunter2;":                            "pw=***;",
		"sk_live_abc123 and abcdef123456":               "*** and ***",
		"custom plainvalue":                             "custom ***",
		"home /home/me, layout us-intl-layout, true, 1": "home /home/me, layout us-intl-layout, true, 1",
		"gh " + ghToken + ".":                           "gh ***.",
		"fine-grained github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz": "fine-grained ***",
		"gitlab glpat-abcdefghij0123456789xy end":                                "gitlab *** end",
		"aws AKIAIOSFODNN7EXAMPLE key":                                           "aws *** key",
		"openai sk-proj-abcdefghijklmnopqrstuvwxyz012345":                        "openai ***",
		"not a token: ghp_short, sk-learn, glance-at-this":                       "not a token: ghp_short, sk-learn, glance-at-this",
		// Pieces a slice() or a cap left: a secret's head at the end, its
		// tail at the start, a token cut short.
		"log: token s3cr3t-va":           "log: token ***",
		"r3t-value-1 was the rest":       "*** was the rest",
		"cut: " + ghToken[:20]:           "cut: ***",
		`{"t": "` + ghToken[:20] + `"}`:  `{"t": "***"}`,
		"short s3cr3t and ghp_0123 stay": "short s3cr3t and ghp_0123 stay",
	} {
		if got := r.String(in); got != want {
			t.Errorf("String(%q) = %q, want %q", in, got, want)
		}
	}
	if got := strings.Join(r.Names(), ","); got != "CUSTOM,DB_PASSWORD,DEPLOY_KEY,MY_API_TOKEN,STRIPE_SECRET_X" {
		t.Errorf("Names = %s", got)
	}
	var nilR *Redactor
	if got := nilR.String("x " + ghToken); got != "x ***" {
		t.Errorf("a nil Redactor still masks token shapes: %q", got)
	}
}

// TestRedactJSON: a secret inside JSON strings is masked and the document
// stays valid JSON, also when the secret has characters JSON escapes, and
// when a value starts inside an escape sequence.
func TestRedactJSON(t *testing.T) {
	r := New([]string{`A_TOKEN=quo"te\back`, "B_TOKEN=n1234567"})
	for _, in := range []string{
		`{"cmd":"echo quo\"te\\back","n":1,"list":["quo\"te\\back",true,null]}`,
		`{"text":"line\n1234567 and n1234567"}`,
		`{"gh":"` + ghToken + `"}`,
	} {
		out := r.JSON(json.RawMessage(in))
		if !json.Valid(out) {
			t.Fatalf("JSON(%s) = %s: not JSON", in, out)
		}
		for _, s := range stringsOf(t, out) {
			if strings.Contains(s, `quo"te\back`) || strings.Contains(s, "n1234567") || strings.Contains(s, ghToken) {
				t.Errorf("JSON(%s) = %s: a secret is left in %q", in, out, s)
			}
		}
	}
	// The newline's escape "\n" followed by 1234567 is not the secret
	// n1234567: only the real one is masked.
	out := r.JSON(json.RawMessage(`{"text":"line\n1234567"}`))
	if string(out) != `{"text":"line\n1234567"}` {
		t.Errorf("an escape mistaken for a secret: %s", out)
	}
}

// FuzzRedactJSON: whatever the secret and the document, the result of
// JSON is valid JSON holding no copy of the secret in any string.
func FuzzRedactJSON(f *testing.F) {
	f.Add("n1234567", `{"a":"x\n1234567 n1234567"}`)
	f.Add(`q"uote\s`, `["q\"uote\\s", 1]`)
	f.Fuzz(func(t *testing.T, secret, doc string) {
		if !json.Valid([]byte(doc)) || len(secret) < 3 {
			return
		}
		r := New([]string{"X_TOKEN=" + secret}, "X_TOKEN")
		out := r.JSON(json.RawMessage(doc))
		if !json.Valid(out) {
			t.Fatalf("JSON(%s) with secret %q = %s: not JSON", doc, secret, out)
		}
		for _, s := range stringsOf(t, out) {
			if strings.Contains(s, secret) && !strings.Contains(Mask, secret) {
				t.Fatalf("JSON(%s) = %s: %q left in %q", doc, out, secret, s)
			}
		}
	})
}

// BenchmarkStringNoSecret is the cost of redacting 1 MB of ordinary
// output (no copy is made).
func BenchmarkStringNoSecret(b *testing.B) {
	r := New([]string{"GITHUB_TOKEN=" + ghToken, "OTHER_SECRET=abcdefghijkl"})
	s := strings.Repeat("go build ./... global glob ok\n", 1<<15)
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		if r.String(s) != s {
			b.Fatal("changed")
		}
	}
}

// stringsOf are every string (keys too) of a JSON document.
func stringsOf(t *testing.T, doc []byte) []string {
	var v any
	if err := json.Unmarshal(doc, &v); err != nil {
		t.Fatal(err)
	}
	var out []string
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			out = append(out, v)
		case []any:
			for _, e := range v {
				walk(e)
			}
		case map[string]any:
			for k, e := range v {
				out = append(out, k)
				walk(e)
			}
		}
	}
	walk(v)
	return out
}

// BenchmarkStringDense is a 1 MB output where a marker ("gh") is in every
// line: the worst case of the start scan.
func BenchmarkStringDense(b *testing.B) {
	r := New([]string{"GITHUB_TOKEN=" + ghToken})
	s := strings.Repeat("abcdefghi\n", 1<<17)
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		if r.String(s) != s {
			b.Fatal("changed")
		}
	}
}
