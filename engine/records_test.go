package engine_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestCallRecordsAreBounded: a run's call records do not grow with the
// number of calls (issue 20: every record was kept, about 1 KiB a call, and
// the --json of 100,000 calls was 12 MB). The first and last 50 calls and
// the failed ones are kept whole; every call is counted by tool, and the
// result says how many records were folded.
func TestCallRecordsAreBounded(t *testing.T) {
	eng := newEngine(t, nil)
	r := run(t, eng, `
for (let i = 0; i < 20000; i++) await tools.noop({});
for (let i = 0; i < 3; i++) await tools.sleep({ms: "x"}).catch(() => {});
for (let i = 0; i < 20000; i++) await tools.noop({});
return "done"`)
	if !r.OK {
		t.Fatalf("run failed: %s", r.Text)
	}
	st := r.CallStats
	if st.Total != 40003 || st.Kept != 103 || st.Folded != 39900 || len(r.Calls) != 103 {
		t.Errorf("stats %+v, %d records", st, len(r.Calls))
	}
	if n := st.ByTool["noop"]; n.Count != 40000 || n.OK != 40000 {
		t.Errorf("noop stats %+v", n)
	}
	if n := st.ByTool["sleep"]; n.Count != 3 || n.Errors != 3 {
		t.Errorf("sleep stats %+v", n)
	}
	if r.Calls[0].ID != "1" || r.Calls[49].ID != "50" || r.Calls[50].ID != "20001" || r.Calls[53].ID != "39954" || r.Calls[102].ID != "40003" {
		t.Errorf("kept ids: %s %s %s %s %s", r.Calls[0].ID, r.Calls[49].ID, r.Calls[50].ID, r.Calls[53].ID, r.Calls[102].ID)
	}
	data, _ := json.Marshal(r)
	if len(data) > 64<<10 {
		t.Errorf("--json of 40,003 calls is %d bytes", len(data))
	}
	if !strings.Contains(r.Text, "(103 of 40003 calls listed") && strings.Contains(r.Text, "Tool calls made") {
		t.Errorf("text does not say the list is folded:\n%s", r.Text)
	}
}
