package mcpserver

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestRequireBearer(t *testing.T) {
	const token = "0123456789abcdef-token"
	inner := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "reached") })
	for _, tc := range []struct {
		name, token, header string
		want                int
		challenge           string
	}{
		{"no header", token, "", 401, `Bearer realm="atomic-script"`},
		{"wrong token", token, "Bearer 0123456789abcdef-tokem", 401, `Bearer realm="atomic-script", error="invalid_token"`},
		{"prefix of the token", token, "Bearer 0123456789abcdef", 401, `Bearer realm="atomic-script", error="invalid_token"`},
		{"token plus more", token, "Bearer " + token + "x", 401, `Bearer realm="atomic-script", error="invalid_token"`},
		{"other scheme", token, "Basic " + token, 401, `Bearer realm="atomic-script", error="invalid_token"`},
		{"bare token", token, token, 401, `Bearer realm="atomic-script", error="invalid_token"`},
		{"empty configured token lets nothing in", "", "Bearer ", 401, `Bearer realm="atomic-script", error="invalid_token"`},
		{"right token", token, "Bearer " + token, 200, ""},
		{"scheme is case-insensitive", token, "bearer " + token, 200, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest("POST", "http://127.0.0.1/mcp", strings.NewReader("{}"))
			if tc.header != "" {
				req.Header.Set("Authorization", tc.header)
			}
			rec := httptest.NewRecorder()
			RequireBearer(tc.token, inner).ServeHTTP(rec, req)
			if rec.Code != tc.want || rec.Header().Get("WWW-Authenticate") != tc.challenge {
				t.Fatalf("status %d, WWW-Authenticate %q; want %d, %q", rec.Code, rec.Header().Get("WWW-Authenticate"), tc.want, tc.challenge)
			}
			body := rec.Body.String()
			if tc.want == 200 && body != "reached" || tc.want == 401 && (body == "" || strings.Contains(body, "reached")) {
				t.Fatalf("body %q", body)
			}
		})
	}
}

func TestServeToken(t *testing.T) {
	a, gen, err := ServeToken("")
	b, _, _ := ServeToken("")
	if err != nil || !gen || len(a) != 64 || strings.Trim(a, "0123456789abcdef") != "" || a == b {
		t.Fatalf("generated tokens %q %q (%v, %v)", a, b, gen, err)
	}
	if tok, gen, err := ServeToken("sixteen-chars-ok"); err != nil || gen || tok != "sixteen-chars-ok" {
		t.Fatalf("from env: %q %v %v", tok, gen, err)
	}
	for _, bad := range []struct{ val, want string }{
		{"short", "ATOMIC_SERVE_TOKEN is 5 characters long; use at least 16"},
		{"fifteen-chars-x", "is 15 characters long"},
		{"sixteen chars ok", "use printable ASCII without spaces"},
		{"sixteen-chars-é!", "use printable ASCII without spaces"},
	} {
		if _, _, err := ServeToken(bad.val); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%q: %v, want %q", bad.val, err, bad.want)
		}
	}
}
