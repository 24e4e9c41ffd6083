package sqlite

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/atomic-script/atomic-script/tools"
)

// JSONRow renders one row as a JSON object with the columns in order:
// integers and reals as numbers, text as strings (long text cut), blobs as
// "x'…'" strings, NULL as null.
func JSONRow(cols []string, vals []any) string {
	var b strings.Builder
	b.WriteByte('{')
	for i, c := range cols {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(c)
		b.Write(k)
		b.WriteByte(':')
		b.WriteString(jsonValue(vals[i]))
	}
	b.WriteByte('}')
	return b.String()
}

func jsonValue(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		if math.IsInf(x, 0) || math.IsNaN(x) {
			return strconv.Quote(strconv.FormatFloat(x, 'g', -1, 64))
		}
		return strconv.FormatFloat(x, 'g', -1, 64)
	case bool:
		if x {
			return "1"
		}
		return "0"
	case []byte:
		const show = 32
		s := "x'" + strings.ToUpper(hex.EncodeToString(x[:min(len(x), show)]))
		if len(x) > show {
			s += fmt.Sprintf("…' (%d bytes)", len(x))
		} else {
			s += "'"
		}
		return strconv.Quote(s)
	case time.Time:
		return strconv.Quote(formatTime(x))
	case string:
		if utf8.RuneCountInString(x) > maxValueChars {
			r := []rune(x)
			x = string(r[:maxValueChars]) + fmt.Sprintf("… (%d characters)", len(r))
		}
		data, _ := json.Marshal(x)
		return string(data)
	}
	data, err := json.Marshal(v)
	if err != nil {
		return strconv.Quote(fmt.Sprint(v))
	}
	return string(data)
}

// formatTime shows a time the driver parsed from a DATE-typed column of
// a query as SQLite's own text form.
func formatTime(t time.Time) string {
	if t.Hour() == 0 && t.Minute() == 0 && t.Second() == 0 && t.Nanosecond() == 0 && t.Location() == time.UTC {
		return t.Format("2006-01-02")
	}
	if t.Location() == time.UTC {
		return t.Format("2006-01-02 15:04:05.999999999")
	}
	return t.Format("2006-01-02 15:04:05.999999999-07:00")
}

// RenderRows appends the rows as JSON lines to b, stopping before
// MaxOutputBytes; it returns how many it wrote.
func RenderRows(b *strings.Builder, r *Rows) int {
	n := 0
	for _, vals := range r.Values {
		line := JSONRow(r.Columns, vals)
		if b.Len()+len(line)+1 > MaxOutputBytes && n > 0 {
			break
		}
		b.WriteByte('\n')
		b.WriteString(line)
		n++
	}
	return n
}

// Params are the query parameters of a table read.
type Params struct {
	Where, Order          string
	Limit, Offset, Sample int
	Schema                bool
	// Set records which parameters were given.
	Set map[string]bool
	// Capped is the limit asked for when it was over MaxPage.
	Capped int
}

var encodedRE = regexp.MustCompile(`%[0-9A-Fa-f]{2}`)

// decodeValue percent-decodes a value that looks URL-encoded (no spaces,
// some %XX); SQL typed as is (spaces, a literal %) stays as typed.
func decodeValue(v string) string {
	if strings.ContainsAny(v, " \t\n") || !encodedRE.MatchString(v) {
		return v
	}
	if d, err := url.QueryUnescape(v); err == nil {
		return d
	}
	return v
}

// Query returns the SQL of a "q=…" query string: everything after "q=",
// taken as typed (an '&' or '=' in the SQL is the SQL's).
func QueryText(raw string) (q string, ok bool) {
	if !strings.HasPrefix(raw, "q=") {
		return "", false
	}
	return decodeValue(raw[2:]), true
}

var paramNames = []string{"where", "order", "limit", "offset", "schema", "sampleRows"}

// ParseParams parses a table read's parameters: where=, order=, limit=
// (default 20, at most 500), offset=, schema=1 and sampleRows=N. Values
// are taken as typed; an unknown name is an error listing the known ones.
func ParseParams(raw string) (Params, error) {
	p := Params{Limit: DefaultPage, Sample: DefaultSample, Set: map[string]bool{}}
	if raw == "" {
		return p, nil
	}
	for _, part := range splitParams(raw) {
		name, value, _ := strings.Cut(part, "=")
		value = decodeValue(value)
		p.Set[name] = true
		var err error
		switch name {
		case "where":
			p.Where = value
		case "order", "orderBy", "order_by":
			p.Order = value
			p.Set["order"] = true
		case "limit":
			p.Limit, err = nonNegative(name, value)
			if err == nil && p.Limit > MaxPage {
				p.Capped, p.Limit = p.Limit, MaxPage
			}
			if err == nil && p.Limit == 0 {
				err = tools.Errorf(tools.ErrInvalidArgs, "limit must be at least 1")
			}
		case "offset":
			p.Offset, err = nonNegative(name, value)
		case "schema":
			p.Schema = value == "" || value == "1" || strings.EqualFold(value, "true")
		case "sampleRows":
			p.Sample, err = nonNegative(name, value)
			if err == nil && p.Sample > MaxPage {
				p.Sample = MaxPage
			}
		case "q":
			err = tools.Errorf(tools.ErrInvalidArgs, "q= runs a query on the database, not on a table: use DB?q=SELECT …")
		default:
			known := append([]string(nil), paramNames...)
			sort.Strings(known)
			err = tools.Errorf(tools.ErrInvalidArgs, "unknown parameter %q; a table read takes %s", name, strings.Join(known, ", "))
		}
		if err != nil {
			return p, err
		}
	}
	return p, nil
}

// splitParams splits at each '&' that starts a known parameter name, so
// an '&' inside a where clause stays in it.
func splitParams(raw string) []string {
	var parts []string
	start := 0
	for i := 0; i < len(raw); i++ {
		if raw[i] != '&' {
			continue
		}
		rest := raw[i+1:]
		for _, n := range append(paramNames, "q", "orderBy", "order_by") {
			if strings.HasPrefix(rest, n+"=") {
				parts = append(parts, raw[start:i])
				start = i + 1
				break
			}
		}
	}
	return append(parts, raw[start:])
}

func nonNegative(name, v string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n < 0 {
		return 0, tools.Errorf(tools.ErrInvalidArgs, "%s must be a non-negative integer (got %q)", name, v)
	}
	return n, nil
}
