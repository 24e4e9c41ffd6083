package settings

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"

	"github.com/atomic-script/atomic-script/engine"
)

// parseApprovals reads one file's "approvals" block into a policy layer
// named after the file. Each class is "allow", "ask" or "deny", or an
// object:
//
//	{"ask": true, "allow": ["go test *"], "deny": ["rm *"]}
//
// where "ask": true (or "default": "ask") asks about calls no pattern
// matches. Without either, an object with an allow list denies the rest
// (only what it lists runs), and one with only a deny list allows it.
func parseApprovals(raw any, file string) (engine.ApprovalLayer, error) {
	where := fmt.Sprintf("settings %s: approvals", file)
	m, ok := raw.(map[string]any)
	if !ok {
		return engine.ApprovalLayer{}, fmt.Errorf(`%s: want an object such as {"write": "ask", "bash": "deny"}`, where)
	}
	layer := engine.ApprovalLayer{Source: file, Rules: map[engine.ApprovalClass]engine.ApprovalRule{}}
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, name := range names {
		class, err := engine.ParseApprovalClass(name)
		if err != nil {
			return engine.ApprovalLayer{}, fmt.Errorf("%s.%s: %v", where, name, err)
		}
		r, err := parseRule(m[name])
		if err != nil {
			return engine.ApprovalLayer{}, fmt.Errorf("%s.%s: %v", where, name, err)
		}
		layer.Rules[class] = r
	}
	return layer, nil
}

func parseRule(v any) (engine.ApprovalRule, error) {
	if s, ok := v.(string); ok {
		a, err := parseAction(s)
		return engine.ApprovalRule{Action: a}, err
	}
	if _, ok := v.(map[string]any); !ok {
		return engine.ApprovalRule{}, fmt.Errorf(`want "allow", "ask", "deny" or an object such as {"ask": true, "allow": ["go test *"]}`)
	}
	data, _ := json.Marshal(v)
	var o struct {
		Ask     *bool    `json:"ask"`
		Default string   `json:"default"`
		Allow   []string `json:"allow"`
		Deny    []string `json:"deny"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&o); err != nil {
		return engine.ApprovalRule{}, fmt.Errorf(`%v (known keys: ask, default, allow, deny)`, cleanErr(err))
	}
	r := engine.ApprovalRule{Allow: o.Allow, Deny: o.Deny}
	switch {
	case o.Default != "" && o.Ask != nil:
		return engine.ApprovalRule{}, fmt.Errorf(`give "ask" or "default", not both`)
	case o.Default != "":
		a, err := parseAction(o.Default)
		if err != nil {
			return engine.ApprovalRule{}, fmt.Errorf("default: %v", err)
		}
		r.Action = a
	case o.Ask != nil && *o.Ask:
		r.Action = engine.ActionAsk
	case o.Ask != nil || len(o.Allow) > 0:
		r.Action = engine.ActionDeny
	default:
		r.Action = engine.ActionAllow
	}
	return r, nil
}

func parseAction(s string) (engine.ApprovalAction, error) {
	switch a := engine.ApprovalAction(s); a {
	case engine.ActionAllow, engine.ActionAsk, engine.ActionDeny:
		return a, nil
	}
	return "", fmt.Errorf(`%q: want "allow", "ask" or "deny"`, s)
}

func cleanErr(err error) string {
	s := err.Error()
	if len(s) > 6 && s[:6] == "json: " {
		return s[6:]
	}
	return s
}
