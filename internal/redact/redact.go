// Package redact keeps secrets out of what atomic-script writes: results,
// reports, events, logs and spill files. A Redactor replaces the values of
// environment variables whose names look secret (and those named
// explicitly) and the well-known shapes of tokens with "***".
package redact

import (
	"bytes"
	"encoding/json"
	"regexp"
	"sort"
	"strings"
	"unsafe"
)

// Mask is what a secret is replaced with.
const Mask = "***"

// minValue is the shortest value of a secret-looking variable that is
// redacted: a shorter one ("1", "true") would mask ordinary text
// everywhere and is no secret worth the name.
const minValue = 6

// SecretName reports whether an environment variable's name looks like it
// holds a secret: it contains TOKEN, SECRET or PASSWORD, or ends in _KEY
// (case ignored).
func SecretName(name string) bool {
	n := strings.ToUpper(name)
	return strings.Contains(n, "TOKEN") || strings.Contains(n, "SECRET") || strings.Contains(n, "PASSWORD") || strings.HasSuffix(n, "_KEY")
}

// shape matches a well-known token format at the start of its input:
// GitHub (classic and fine-grained), GitLab, AWS access key ids, OpenAI
// (and sk-ant- keys of the same shape).
var shape = regexp.MustCompile(`^(?:` +
	`gh[pousr]_[A-Za-z0-9]{36,255}` +
	`|github_pat_[A-Za-z0-9_]{22,255}` +
	`|gl[a-z]{2,6}-[A-Za-z0-9_\-]{20,}` +
	`|A[A-Z]{3}[A-Z0-9]{16}` +
	`|sk-(?:proj-|svcacct-|admin-|ant-)?[A-Za-z0-9_\-]{20,}` +
	`)\b`)

// fragment is the start of a prefixed token cut short: masked where it
// ends a string (or a JSON string, or a cut marked with …).
var fragment = regexp.MustCompile(`^(?:gh[pousr]_|github_pat_|gl[a-z]{2,6}-|sk-)[A-Za-z0-9_\-]{8,}`)

// starts are the prefixes a token begins with, by its first byte.
var starts = [256][]string{
	'g': {"ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "gl"},
	's': {"sk-"},
	'A': {"AKIA", "ASIA", "AGPA", "AIDA", "AROA", "ANPA", "ANVA", "AIPA"},
}

// Redactor replaces secrets in text. The zero value and nil redact only
// token shapes. Safe for concurrent use.
type Redactor struct {
	names  []string // the variables whose values are redacted
	values []string // their values, longest first
	quoted []string // the values as they appear inside a JSON string
}

// New returns a Redactor for environ (os.Environ's form): the values of
// the variables SecretName picks, and of those named in extra whatever
// their names (at least 3 bytes long), are redacted.
func New(environ []string, extra ...string) *Redactor {
	want := map[string]bool{}
	for _, n := range extra {
		want[n] = true
	}
	r := &Redactor{}
	seen := map[string]bool{}
	for _, kv := range environ {
		name, value, ok := strings.Cut(kv, "=")
		if !ok || (!want[name] && !SecretName(name)) {
			continue
		}
		min := minValue
		if want[name] {
			min = 3
		}
		if len(value) < min {
			continue
		}
		r.names = append(r.names, name)
		if !seen[value] {
			seen[value] = true
			r.values = append(r.values, value)
		}
	}
	sort.Slice(r.values, func(i, j int) bool { return len(r.values[i]) > len(r.values[j]) })
	for _, v := range r.values {
		q, _ := json.Marshal(v)
		r.quoted = append(r.quoted, string(q[1:len(q)-1]))
	}
	sort.Strings(r.names)
	return r
}

// Names are the variables whose values r redacts, sorted.
func (r *Redactor) Names() []string {
	if r == nil {
		return nil
	}
	return r.names
}

// minFragment is the shortest piece of a secret masked where a string
// starts or ends with it: the rest of the secret cut off by a script's
// slice() or a cap must not leave its first or last bytes readable.
const minFragment = 8

// String is s with every secret replaced by Mask (and a secret's first or
// last bytes where s ends or starts with them); s itself when it holds
// none (no copy is made).
func (r *Redactor) String(s string) string {
	if r != nil {
		s = replaceAll(s, r.values)
		s = edgesOut(s, r.values)
	}
	return shapesOut(s)
}

// edgesOut masks a piece (minFragment bytes or more) of a value that s
// ends with (the value's head) or starts with (its tail).
func edgesOut(s string, values []string) string {
	for _, v := range values {
		for k := len(v) - 1; k >= minFragment; k-- {
			if strings.HasSuffix(s, v[:k]) {
				s = s[:len(s)-k] + Mask
				break
			}
		}
		for k := len(v) - 1; k >= minFragment; k-- {
			if strings.HasPrefix(s, v[len(v)-k:]) {
				s = Mask + s[k:]
				break
			}
		}
	}
	return s
}

// Bytes is String for bytes; b itself when it holds no secret (b is
// read in place, never copied, so a large output costs no second copy).
func (r *Redactor) Bytes(b []byte) []byte {
	s := view(b)
	if out := r.String(s); !same(out, s) {
		return []byte(out)
	}
	return b
}

// view is b as a string without a copy; b must not change while it is
// used.
func view(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// same reports whether a is b itself (String returns its input
// unchanged when there is nothing to replace).
func same(a, b string) bool {
	return len(a) == len(b) && (len(a) == 0 || unsafe.StringData(a) == unsafe.StringData(b))
}

// JSON is raw (a JSON document) with the secrets in its strings replaced;
// raw itself when it holds none. The result stays valid JSON.
func (r *Redactor) JSON(raw json.RawMessage) json.RawMessage {
	s := view(raw)
	out := s
	if r != nil {
		out = replaceAll(out, r.quoted)
		for _, q := range r.quoted {
			if len(q) > minFragment && (strings.Contains(out, q[:minFragment]) || strings.Contains(out, q[len(q)-minFragment:])) {
				// A piece of a secret: strings are redacted one by one,
				// their edges included.
				return r.jsonByValue(raw)
			}
		}
	}
	out = shapesOut(out)
	if same(out, s) {
		return raw
	}
	if json.Valid([]byte(out)) {
		return json.RawMessage(out)
	}
	// A value began inside an escape sequence: redact string by string.
	return r.jsonByValue(raw)
}

// jsonByValue redacts raw by decoding it and encoding it again with every
// string redacted (object keys keep their order).
func (r *Redactor) jsonByValue(raw json.RawMessage) json.RawMessage {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var buf bytes.Buffer
	if err := r.copyValue(dec, &buf); err != nil {
		q, _ := json.Marshal(Mask)
		return q
	}
	return buf.Bytes()
}

func (r *Redactor) copyValue(dec *json.Decoder, buf *bytes.Buffer) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	switch t := tok.(type) {
	case json.Delim:
		buf.WriteString(t.String())
		end := map[json.Delim]string{'{': "}", '[': "]"}[t]
		for i := 0; dec.More(); i++ {
			if i > 0 {
				buf.WriteByte(',')
			}
			if t == '{' {
				key, err := dec.Token()
				if err != nil {
					return err
				}
				k, _ := json.Marshal(r.String(key.(string)))
				buf.Write(k)
				buf.WriteByte(':')
			}
			if err := r.copyValue(dec, buf); err != nil {
				return err
			}
		}
		if _, err := dec.Token(); err != nil {
			return err
		}
		buf.WriteString(end)
	case string:
		q, _ := json.Marshal(r.String(t))
		buf.Write(q)
	default:
		q, _ := json.Marshal(t)
		buf.Write(q)
	}
	return nil
}

// replaceAll replaces each of values (longest first) in s with Mask,
// copying s only when one is there.
func replaceAll(s string, values []string) string {
	for _, v := range values {
		if v != "" && strings.Contains(s, v) {
			s = strings.ReplaceAll(s, v, Mask)
		}
	}
	return s
}

// shapesOut replaces the token shapes in s: at each start of one (one of
// starts after a non-word byte) shape is tried. One pass over the bytes;
// text without a token is returned as it is, uncopied.
func shapesOut(s string) string {
	var spans [][2]int
	for p := 0; p < len(s); p++ {
		prefixes := starts[s[p]]
		if prefixes == nil || p > 0 && isWord(s[p-1]) || !hasAnyPrefix(s[p:], prefixes) || !gitlabLike(s[p:]) {
			continue
		}
		window := s[p:min(len(s), p+300)]
		if loc := shape.FindStringIndex(window); loc != nil {
			spans = append(spans, [2]int{p, p + loc[1]})
			p += loc[1] - 1
		} else if loc := fragment.FindStringIndex(window); loc != nil && endsThere(s[p+loc[1]:]) {
			spans = append(spans, [2]int{p, p + loc[1]})
			p += loc[1] - 1
		}
	}
	if len(spans) == 0 {
		return s
	}
	var b strings.Builder
	at := 0
	for _, sp := range spans {
		b.WriteString(s[at:sp[0]])
		b.WriteString(Mask)
		at = sp[1]
	}
	b.WriteString(s[at:])
	return b.String()
}

// gitlabLike is false for a "gl" start that is not a GitLab token's
// prefix (gl, 2 to 6 lower-case letters, a hyphen), so words such as
// "global" cost no regular expression; other starts pass.
func gitlabLike(s string) bool {
	if !strings.HasPrefix(s, "gl") {
		return true
	}
	k := 2
	for k < len(s) && k < 9 && s[k] >= 'a' && s[k] <= 'z' {
		k++
	}
	return k >= 4 && k <= 8 && k < len(s) && s[k] == '-'
}

func hasAnyPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// endsThere reports whether the text after a token fragment shows it was
// cut: nothing, a closing quote, or an ellipsis.
func endsThere(rest string) bool {
	return rest == "" || rest[0] == '"' || strings.HasPrefix(rest, "…")
}

func isWord(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
