package engine_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/atomic-script/atomic-script/engine"
)

// TestRedaction: a secret from the environment reaches neither the result
// (value, output, logs, error, call records, text) nor an event, nor a
// direct call's answer (what serve sends a host), while the script itself
// sees the real value.
func TestRedaction(t *testing.T) {
	const token = "ghp_0123456789abcdefghijABCDEFGHIJ012345"
	t.Setenv("SOME_API_TOKEN", "plain-secret-value")
	t.Setenv("GH_TOKEN", token)
	var mu sync.Mutex
	var events []string
	eng := newEngine(t, nil, engine.WithRedactor(engine.NewRedactor()), engine.WithEvents(func(ev engine.Event) {
		data, _ := json.Marshal(ev)
		mu.Lock()
		events = append(events, string(data))
		mu.Unlock()
	}))
	r := run(t, eng, `const out = (await tools.bash({command: "echo $SOME_API_TOKEN $GH_TOKEN"})).output.trim();
		console.log(out); text(out);
		if (out !== "plain-secret-value `+token+`") throw new Error("the script must see the real values: " + out);
		await tools.noop({}).then(() => tools.echo({value: out}));
		return {out}`)
	if !r.OK {
		t.Fatalf("run failed: %+v", r.Error)
	}
	all, _ := json.Marshal(r)
	mu.Lock()
	all = append(all, strings.Join(events, "\n")...)
	mu.Unlock()
	for _, secret := range []string{"plain-secret-value", token} {
		if strings.Contains(string(all), secret) {
			t.Errorf("%s leaked:\n%s", secret, all)
		}
	}
	if !strings.Contains(string(r.Value), `"*** ***"`) || !strings.Contains(r.Text, "*** ***") {
		t.Errorf("value %s, text %q", r.Value, r.Text)
	}
	res, err := eng.Call(context.Background(), "bash", []byte(`{"command": "echo $GH_TOKEN"}`))
	if err != nil || strings.Contains(res.Text, token) || !strings.Contains(res.Text, "***") {
		t.Errorf("direct call: %v, %q", err, res.Text)
	}
}
