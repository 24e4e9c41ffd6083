package resource

import (
	"context"
	"encoding/base64"
	"fmt"

	"github.com/atomic-script/atomic-script/tools"
)

// maxRoutedSearch bounds how many resources of one listing search reads.
const maxRoutedSearch = 100

// readRouted reads a resource a host router serves (mcp://SERVER/URI): its
// text as read-only rows, or a listing as a finished result.
func readRouted(ctx context.Context, env *tools.Env, t *Target) (*Text, *tools.Result, error) {
	r, err := env.Router(t.Scheme).ReadResource(ctx, t.Display)
	if err != nil {
		return nil, nil, err
	}
	meta := Meta{Source: t.Scheme, SourcePath: r.Source}
	if r.Listing {
		if t.Path.Sel != nil {
			return nil, nil, tools.Errorf(tools.ErrInvalidArgs, "read: %s lists resources; a selector (:%s) applies to one resource: read one of them", t.Display, t.Path.Sel.Text)
		}
		return nil, &tools.Result{Text: r.Text, Details: Details{Meta: meta}}, nil
	}
	if len(r.Images) > 0 && r.Text == "" {
		img := r.Images[0]
		if env.Direct { // a model sees the image itself
			text := fmt.Sprintf("[%s: %s image, %d bytes]", t.Display, img.MIMEType, len(img.Data))
			return nil, &tools.Result{Text: text, Images: r.Images, Details: Details{Meta: meta}}, nil
		}
		// A script gets a data URL, which image() shows.
		url := "data:" + img.MIMEType + ";base64," + base64.StdEncoding.EncodeToString(img.Data)
		return nil, &tools.Result{Text: url, Images: r.Images, Details: Details{Meta: meta}, Whole: true}, nil
	}
	return &Text{Key: t.Display, Display: t.Display, Body: r.Text, Sel: t.Path.Sel, Meta: meta, ReadOnly: true}, nil, nil
}

// routedTexts are the texts search looks in: the resource, or each
// resource of a listing (up to maxRoutedSearch; the rest and those that
// cannot be read are skipped, with why).
func routedTexts(ctx context.Context, env *tools.Env, t *Target) ([]Text, []string, error) {
	router := env.Router(t.Scheme)
	r, err := router.ReadResource(ctx, t.Display)
	if err != nil {
		return nil, nil, err
	}
	meta := Meta{Source: t.Scheme, SourcePath: r.Source}
	if !r.Listing {
		return []Text{{Key: t.Display, Display: t.Display, Body: r.Text, Sel: t.Path.Sel, Meta: meta, ReadOnly: true}}, nil, nil
	}
	var out []Text
	var skipped []string
	for i, uri := range r.URIs {
		if i == maxRoutedSearch {
			skipped = append(skipped, fmt.Sprintf("%d more resources of %s: not searched (at most %d a listing); search them by name", len(r.URIs)-i, t.Display, maxRoutedSearch))
			break
		}
		one, err := router.ReadResource(ctx, uri)
		switch {
		case err != nil:
			skipped = append(skipped, uri+": "+err.Error())
		case one.Listing || one.Text == "":
			skipped = append(skipped, uri+": no text")
		default:
			out = append(out, Text{Key: uri, Display: uri, Body: one.Text, Meta: Meta{Source: t.Scheme, SourcePath: one.Source}, ReadOnly: true})
		}
	}
	return out, skipped, nil
}
