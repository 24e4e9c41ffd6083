package files

import (
	"os"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/tools"
)

const nbFixture = `{
 "cells": [
  {
   "cell_type": "code",
   "execution_count": 3,
   "id": "abc",
   "metadata": {"tags": ["keep"]},
   "outputs": [{"output_type": "stream", "name": "stdout", "text": ["2\n"]}],
   "source": [
    "print(1 + 1)\n",
    "x = 2"
   ]
  },
  {"cell_type": "markdown", "metadata": {}, "source": "# Title"}
 ],
 "metadata": {"kernelspec": {"name": "python3"}, "custom": {"a": 1}},
 "nbformat": 4,
 "nbformat_minor": 5,
 "x-unknown": [1, 2, 3]
}
`

func TestNotebookCellWriteAndEdit(t *testing.T) {
	env := newEnv(t)
	abs := put(t, env, "nb.ipynb", nbFixture)
	_, err := call(t, env, "write", WriteArgs{Path: "nb.ipynb:cell:0", Content: ptr("print(3)\n")})
	wantErr(t, err, tools.ErrConflict, "no_prior_observation")

	res := mustCall(t, env, "read", ReadArgs{Path: "nb.ipynb:cell:0"})
	want := "[notebook nb.ipynb: cell 0 of 2, code [3]]\n[nb.ipynb:cell:0#"
	if !strings.HasPrefix(res.Text, want) || !strings.Contains(res.Text, "1:print(1 + 1)\n2:x = 2\n\n[output: stdout]\n2") {
		t.Fatalf("cell read:\n%s", res.Text)
	}
	res = mustCall(t, env, "write", WriteArgs{Path: "nb.ipynb:cell:0", Content: ptr("import os\nprint(os.getcwd())\n")})
	if w := res.Structured.(WriteResult); w.Source != "notebook" || w.SourcePath != abs || !strings.HasPrefix(w.Text, "[nb.ipynb:cell:0#") {
		t.Errorf("write: %+v", w)
	}
	got, _ := os.ReadFile(abs)
	wantNB := strings.Replace(nbFixture, `   "source": [
    "print(1 + 1)\n",
    "x = 2"
   ]`, `   "source": [
    "import os\n",
    "print(os.getcwd())\n"
   ]`, 1)
	if string(got) != wantNB {
		t.Errorf("only the source may change:\n%s", got)
	}
	// A single-string source stays one string; edit works on the rows.
	hdr := mustCall(t, env, "read", ReadArgs{Path: "nb.ipynb:cell:1"}).Text
	header := strings.Split(hdr, "\n")[1]
	mustCall(t, env, "edit", EditArgs{Input: header + "\nreplace 1..1:\n+# New title\n+more"})
	got, _ = os.ReadFile(abs)
	if !strings.Contains(string(got), `{"cell_type": "markdown", "metadata": {}, "source": "# New title\nmore"}`) {
		t.Errorf("edited cell:\n%s", got)
	}
	_, err = call(t, env, "write", WriteArgs{Path: "nb.ipynb:cell:5", Content: ptr("x")})
	wantErr(t, err, tools.ErrInvalidArgs, "Cell 5 does not exist (the notebook has 2 cells")
}

// TestCellSelectorOnPlainFileIsRefused: `:cell:N` on a file that is not a
// notebook is refused, and the file is left as it was (write replaced the
// whole file, ignoring the selector).
func TestCellSelectorOnPlainFileIsRefused(t *testing.T) {
	env := newEnv(t)
	abs := put(t, env, "b.ts", "x\ny\n")
	mustCall(t, env, "read", ReadArgs{Path: "b.ts"})
	_, err := call(t, env, "write", WriteArgs{Path: "b.ts:cell:0", Content: ptr("q\n")})
	wantErr(t, err, tools.ErrInvalidArgs, "write: b.ts is not a notebook; :cell:N selects notebook cells. Write b.ts with its complete content, or change lines with edit")
	if data, _ := os.ReadFile(abs); string(data) != "x\ny\n" {
		t.Errorf("b.ts is now %q", data)
	}
}
