package htmltext

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
)

// typicalPage is about 1 MB shaped like a real article page: most of the
// bytes are inline scripts, styles and SVG icons, then navigation, a long
// article with code and tables, a sidebar and a footer.
func typicalPage() []byte {
	var b strings.Builder
	b.WriteString("<!DOCTYPE html><html><head><title>A long article</title><style>")
	for b.Len() < 150<<10 {
		fmt.Fprintf(&b, ".c%d{margin:0 auto;padding:%dpx;color:#333}", b.Len(), b.Len()%17)
	}
	b.WriteString("</style><script>")
	for b.Len() < 550<<10 {
		fmt.Fprintf(&b, "function f%d(a,b){return a.map(function(x){return x*%d+b})};", b.Len(), b.Len()%13)
	}
	b.WriteString("</script></head><body><header><nav><ul>")
	for i := 0; i < 200; i++ {
		fmt.Fprintf(&b, `<li><a href="/section/%d"><svg viewBox="0 0 24 24"><path d="M12 2L2 7l10 5 10-5-10-5z"/></svg>Section %d</a></li>`, i, i)
	}
	b.WriteString("</ul></nav></header><main><article><h1>A long article</h1>")
	for i := 0; b.Len() < 950<<10; i++ {
		fmt.Fprintf(&b, `<h2>Part %d</h2><p>The quick brown fox jumps over the lazy dog, <a href="/ref/%d">again</a>, and <em>again</em>, while the <code>dog</code> sleeps.</p><ul><li>first point</li><li>second point</li></ul><pre><code class="language-go">for i := range %d {
	fmt.Println(i)
}</code></pre>`, i, i, i)
	}
	b.WriteString("</article></main><aside><ul>")
	for i := 0; i < 100; i++ {
		fmt.Fprintf(&b, `<li><a href="/popular/%d">Popular story %d</a></li>`, i, i)
	}
	b.WriteString("</ul></aside><footer><p>© Example</p></footer><script>track()</script></body></html>")
	return []byte(b.String())
}

// densePage is 1 MB of article markup and nothing else: the worst case,
// where every byte is content to score and convert.
func densePage() []byte {
	var b strings.Builder
	b.WriteString("<!DOCTYPE html><html><head><title>Dense</title></head><body><article><h1>Dense</h1>")
	for i := 0; b.Len() < 1<<20; i++ {
		fmt.Fprintf(&b, `<h2>Section %d</h2><p>Lorem ipsum <b>dolor</b> sit amet, <a href="/x/%d">consectetur</a> adipiscing elit, sed do eiusmod tempor incididunt ut labore.</p><table><tr><td>a</td><td>%d</td></tr></table>`, i, i, i)
	}
	b.WriteString("</article></body></html>")
	return []byte(b.String())
}

// BenchmarkRender1MB is HTML to text of a 1 MB page (goal: 30 ms for the
// typical shape), main content extracted, as a URL read does it.
func BenchmarkRender1MB(b *testing.B) {
	base, _ := url.Parse("https://example.com/article")
	for _, c := range []struct {
		name string
		page []byte
	}{{"typical", typicalPage()}, {"dense", densePage()}} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.page)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Render(c.page, Options{Base: base, MainContent: true}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
