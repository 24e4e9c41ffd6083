package hashline

import "strings"

// recoveryContext is the context of the patch replayed onto the live text;
// hunks must match it exactly (no fuzz), so recovery never slides a hunk
// onto a nearby duplicate.
const recoveryContext = 3

// recovered is a successful stale-tag recovery.
type recovered struct {
	text     string
	warnings []string
	diff     *textDiff // live → text
}

// recoverStale implements step 6 of the stale-tag procedure for a tag whose
// one snapshot is known: (a) apply ops to the snapshot, diff snapshot →
// result with 3 context lines and apply that patch to the live text with
// exact context (hunks may move); (b) when that fails and the snapshot is
// not the head, replay ops on the live text directly if the line counts are
// equal and every anchored line reads the same in both.
func recoverStale(snapshot, live string, ops []Op, isHead bool) (*recovered, bool) {
	warning := WarnRecoveredChain
	if isHead {
		warning = WarnRecoveredHead
	}
	if res, err := applyResolved(snapshot, ops); err == nil && res.Text != snapshot {
		patch := diffAligned(res, snapshot).hunks(recoveryContext)
		if merged, ok := applyHunks(splitText(live), patch); ok {
			if text := merged.join(); text != live {
				return &recovered{
					text:     text,
					warnings: append([]string{warning}, res.Warnings...),
					diff:     diffTexts(live, text),
				}, true
			}
		}
	}
	if isHead || strings.Count(snapshot, "\n") != strings.Count(live, "\n") || !anchorsUnchanged(snapshot, live, ops) {
		return nil, false
	}
	res, err := applyResolved(live, ops)
	if err != nil || res.Text == live {
		return nil, false
	}
	return &recovered{
		text:     res.Text,
		warnings: append([]string{WarnReplayed}, res.Warnings...),
		diff:     diffAligned(res, live),
	}, true
}

// anchorsUnchanged reports whether every line an op is anchored on reads the
// same in both texts.
func anchorsUnchanged(a, b string, ops []Op) bool {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	same := func(l int) bool {
		return l >= 1 && l <= len(la) && l <= len(lb) && la[l-1] == lb[l-1]
	}
	for _, op := range ops {
		switch {
		case op.deletes():
			for l := op.Start; l <= op.End; l++ {
				if !same(l) {
					return false
				}
			}
		case op.anchored():
			if !same(op.Start) {
				return false
			}
		}
	}
	return true
}
