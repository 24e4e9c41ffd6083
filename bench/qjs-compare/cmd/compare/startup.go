package main

import (
	"encoding/json"
	"fmt"
	"os"
)

// reportStartup renders hyperfine's --export-json file as a Markdown table,
// with each median as a ratio to the first command's and to node's.
func reportStartup(path string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var h struct {
		Results []struct {
			Command string
			Median  float64
			Min     float64
			Max     float64
			User    float64
			System  float64
			Times   []float64
		}
	}
	if err := json.Unmarshal(b, &h); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if len(h.Results) == 0 {
		return fmt.Errorf("%s: no results", path)
	}
	var node float64
	for _, r := range h.Results {
		if r.Command == "node -e 0" {
			node = r.Median
		}
	}
	first := h.Results[0]
	fmt.Println("| command | median ms | min–max ms | mean user+sys ms | runs | × " + first.Command + " | × node -e 0 |")
	fmt.Println("|---|---|---|---|---|---|---|")
	for _, r := range h.Results {
		vsNode := "—"
		if node > 0 {
			vsNode = fmt.Sprintf("%.2f×", r.Median/node)
		}
		fmt.Printf("| %s | %.1f | %.1f–%.1f | %.1f | %d | %.1f× | %s |\n", r.Command, r.Median*1000,
			r.Min*1000, r.Max*1000, (r.User+r.System)*1000, len(r.Times), r.Median/first.Median, vsNode)
	}
	return nil
}
