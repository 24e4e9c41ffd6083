package tools_test

import (
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/google/jsonschema-go/jsonschema"
)

func TestProperties(t *testing.T) {
	obj := func(order []string, required ...string) *jsonschema.Schema {
		return &jsonschema.Schema{
			Type:          "object",
			Properties:    map[string]*jsonschema.Schema{"zeta": {}, "alpha": {}, "mid": {}},
			PropertyOrder: order,
			Required:      required,
		}
	}
	type args struct {
		Pattern string   `json:"pattern"`
		Paths   []string `json:"paths,omitempty"`
		I       bool     `json:"i,omitempty"`
	}
	for _, c := range []struct {
		name   string
		schema *jsonschema.Schema
		want   string
	}{
		{"nil schema", nil, ""},
		{"no properties", &jsonschema.Schema{Type: "object"}, ""},
		{"inferred: struct order, required marked", tools.MustSchemaFor[args](), "pattern! paths i"},
		{"no order: sorted", obj(nil, "mid"), "alpha mid! zeta"},
		{"declared order", obj([]string{"zeta", "mid", "alpha"}), "zeta mid alpha"},
		{"partial order: the rest sorted after", obj([]string{"mid"}, "zeta"), "mid alpha zeta!"},
		{"order naming no property, or twice: skipped", obj([]string{"ghost", "zeta", "zeta"}), "zeta alpha mid"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			for _, p := range tools.Properties(c.schema) {
				if p.Schema == nil || p.Schema != c.schema.Properties[p.Name] {
					t.Errorf("%s: Schema is not the property's own", p.Name)
				}
				n := p.Name
				if p.Required {
					n += "!"
				}
				got = append(got, n)
			}
			if g := strings.Join(got, " "); g != c.want {
				t.Errorf("Properties = %q, want %q", g, c.want)
			}
		})
	}
}
