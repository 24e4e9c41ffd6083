package files

import (
	"fmt"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/document/fixture"
)

func TestDocumentRead(t *testing.T) {
	env := newEnv(t)
	var long []string
	for i := 1; i <= 3100; i++ {
		long = append(long, fmt.Sprintf("row %d", i))
	}
	put(t, env, "report.pdf", string(fixture.PDF([][]string{{"Quarterly report", "Revenue grew"}, long}, true)))
	put(t, env, "memo.docx", string(fixture.DOCX(fixture.Para("Heading1", "Memo")+fixture.Para("", "Ship it."))))
	put(t, env, "scan.pdf", string(fixture.PDF([][]string{{}}, false)))
	put(t, env, "old.doc", "\xd0\xcf\x11\xe0 legacy")

	res := mustCall(t, env, "read", ReadArgs{Path: "memo.docx"})
	if !strings.HasPrefix(res.Text, "[memo.docx: Word document, read as text (read-only)]\n[memo.docx#") || !strings.HasSuffix(res.Text, "1:# Memo\n2:\n3:Ship it.") {
		t.Errorf("docx:\n%s", res.Text)
	}
	if m := res.Details.(ReadDetails).Meta; m.Source != "document" || m.Format != "Word document" {
		t.Errorf("meta %+v", m)
	}
	res = mustCall(t, env, "read", ReadArgs{Path: "report.pdf"})
	m := res.Details.(ReadDetails).Meta
	if m.Truncation == nil || m.Truncation.ContinueWith != ":3001" || !strings.Contains(res.Text, "[Showing lines 1-3000 of 3105. Continue with path selector :3001.]") {
		t.Fatalf("long pdf: %+v\n%s", m.Truncation, lastLine(res.Text))
	}
	res = mustCall(t, env, "read", ReadArgs{Path: "report.pdf:3001"})
	if !strings.Contains(res.Text, "3001:row 2996") || !strings.HasSuffix(res.Text, "3105:row 3100") {
		t.Errorf("continued: %s", lastLine(res.Text))
	}
	_, err := call(t, env, "read", ReadArgs{Path: "scan.pdf"})
	wantErr(t, err, tools.ErrBinary, "scan.pdf (PDF, 1 page) has no text to show: it has no text layer")
	_, err = call(t, env, "read", ReadArgs{Path: "old.doc"})
	wantErr(t, err, tools.ErrInvalidArgs, "Unsupported document format: old.doc is a Word 97-2003 document (.doc)")
	_, err = call(t, env, "write", WriteArgs{Path: "memo.docx", Content: ptr("overwritten")})
	wantErr(t, err, tools.ErrNotAllowed, "memo.docx is a document")
	hdr := mustCall(t, env, "read", ReadArgs{Path: "memo.docx"}).Text
	header := strings.Split(hdr, "\n")[1]
	_, err = call(t, env, "edit", EditArgs{Input: header + "\nreplace 1..1:\n+x"})
	wantErr(t, err, tools.ErrNotAllowed, "read-only to edit")
}
