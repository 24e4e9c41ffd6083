package document

import (
	"encoding/xml"
	"fmt"
	"path"
	"strings"

	"github.com/atomic-script/atomic-script/tools/internal/htmltext"
)

// extractEPUB reads an EPUB's chapters in reading order (the package's
// spine), each XHTML chapter rendered as Markdown by htmltext — the path
// URL reads take, without the main-content step (a chapter is all
// content). Every chapter the spine lists counts against MaxPartsBytes as
// it is read — one listed 400 times counts 400 times — and once the text
// is past MaxTextBytes no further chapter is rendered.
func extractEPUB(x *extraction, data []byte) (*Doc, error) {
	display := x.display
	zr, err := openZip(display, "EPUB book", data)
	if err != nil {
		return nil, err
	}
	containerXML, err := x.readPart(zr, "META-INF/container.xml")
	if err != nil {
		return nil, partError(display, "EPUB book", fmt.Errorf("no META-INF/container.xml: %w", err))
	}
	var container struct {
		Rootfiles []struct {
			FullPath string `xml:"full-path,attr"`
		} `xml:"rootfiles>rootfile"`
	}
	if err := xml.Unmarshal(containerXML, &container); err != nil || len(container.Rootfiles) == 0 {
		return nil, corrupt(display, "EPUB book", fmt.Errorf("META-INF/container.xml names no package document"))
	}
	opfPath := container.Rootfiles[0].FullPath
	opf, err := x.readPart(zr, opfPath)
	if err != nil {
		return nil, partError(display, "EPUB book", fmt.Errorf("package document %s: %w", opfPath, err))
	}
	var pkg struct {
		Title    string `xml:"metadata>title"`
		Manifest []struct {
			ID        string `xml:"id,attr"`
			Href      string `xml:"href,attr"`
			MediaType string `xml:"media-type,attr"`
		} `xml:"manifest>item"`
		Spine []struct {
			IDRef string `xml:"idref,attr"`
		} `xml:"spine>itemref"`
	}
	if err := xml.Unmarshal(opf, &pkg); err != nil {
		return nil, corrupt(display, "EPUB book", fmt.Errorf("package document %s: %v", opfPath, err))
	}
	hrefs := map[string]string{}
	for _, it := range pkg.Manifest {
		if strings.Contains(it.MediaType, "html") {
			hrefs[it.ID] = it.Href
		}
	}
	base := path.Dir(opfPath)
	var out lines
	if t := strings.TrimSpace(pkg.Title); t != "" {
		out.add("# " + t)
		out.add("")
	}
	chapters := 0
	for _, ref := range pkg.Spine {
		href, ok := hrefs[ref.IDRef]
		if !ok {
			continue
		}
		name := path.Join(base, strings.SplitN(href, "#", 2)[0])
		part, done, err := x.part(zr, name)
		if err != nil {
			return nil, partError(display, "EPUB book", fmt.Errorf("chapter %s: %w", name, err))
		}
		if out.full() {
			done() // read and counted, not rendered: the text is cut anyway
			continue
		}
		page, err := htmltext.Render(part, htmltext.Options{Format: htmltext.Markdown, Context: x.ctx})
		done()
		if stop := x.stopped(); stop != nil {
			return nil, stop
		}
		if err != nil {
			return nil, corrupt(display, "EPUB book", fmt.Errorf("chapter %s: %v", name, err))
		}
		if strings.TrimSpace(page.Text) == "" {
			continue
		}
		chapters++
		for _, l := range strings.Split(page.Text, "\n") {
			out.add(l)
		}
		out.add("")
	}
	return &Doc{Text: out.String(), Parts: plural(chapters, "chapter")}, nil
}
