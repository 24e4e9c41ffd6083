package mcpserver

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// maxFrame bounds one inbound JSON-RPC message: a stdio line (the SDK's
// default line length) or an HTTP request body.
const maxFrame = mcp.DefaultMaxLineLength

// ServeStdio serves one MCP session over newline-delimited JSON on in and
// out until in ends or ctx is cancelled, then closes the session's engine.
// Cancelling ctx aborts the runs in flight before the SDK's graceful close,
// which would otherwise wait for them.
func (s *Server) ServeStdio(ctx context.Context, in io.Reader, out io.Writer) error {
	ss := s.newSession()
	stop := context.AfterFunc(ctx, ss.cancelRuns)
	defer stop()
	err := ss.mcp.Run(ctx, &lineTransport{in: in, out: out})
	cerr := ss.close()
	if err == nil || errors.Is(err, io.EOF) || errors.Is(err, context.Canceled) || errors.Is(err, mcp.ErrConnectionClosed) {
		err = nil
	}
	return errors.Join(err, cerr)
}

// lineTransport is the SDK's stdio transport behind a filter. The SDK ends
// the session at the first line that is not a JSON-RPC message; a host that
// forwards a cut-off or malformed frame would lose the session, its
// background tasks and its store branch. The filter answers such a line
// with a JSON-RPC error that quotes it (and its id, when one can be read)
// and keeps the session.
type lineTransport struct {
	in  io.Reader
	out io.Writer
}

// Connect implements mcp.Transport.
func (t *lineTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	pr, pw := io.Pipe()
	ids := &idMap{}
	w := &lockedWriter{w: t.out, translate: ids.outbound}
	conn, err := (&mcp.IOTransport{Reader: pr, Writer: w, MaxLineLength: -1}).Connect(ctx)
	if err != nil {
		return nil, err
	}
	go filterLines(t.in, pw, w, ids)
	return conn, nil
}

// filterLines copies complete JSON-RPC lines from in to pw (through ids)
// and answers the others itself.
func filterLines(in io.Reader, pw *io.PipeWriter, w *lockedWriter, ids *idMap) {
	r := bufio.NewReaderSize(in, 64<<10)
	for {
		line, size, err := readLine(r)
		if len(bytes.TrimSpace(line)) > 0 {
			reply := check(line)
			if size > maxFrame {
				reply = tooLong(line, size)
			}
			if reply == nil {
				line, reply = ids.inbound(line)
			}
			if reply != nil {
				if _, werr := w.WriteOwn(reply); werr != nil {
					pw.CloseWithError(werr)
					return
				}
			} else if _, werr := pw.Write(line); werr != nil {
				return // the session ended
			}
		}
		if err != nil {
			pw.Close()
			return
		}
	}
}

// readLine reads one line with its newline and returns its full size; a
// line over maxFrame is returned cut short and the rest is skipped.
func readLine(r *bufio.Reader) (line []byte, size int, err error) {
	for {
		chunk, err := r.ReadSlice('\n')
		size += len(chunk)
		if len(line)+len(chunk) <= maxFrame {
			line = append(line, chunk...)
		}
		if err != bufio.ErrBufferFull {
			if err == nil && len(line) > 0 && line[len(line)-1] != '\n' {
				line = append(line, '\n') // the over-long line was cut
			}
			return line, size, err
		}
	}
}

// tooLong is the error response to a line over maxFrame: it names the
// limit, since sending the same message again cannot succeed.
func tooLong(line []byte, size int) []byte {
	msg := fmt.Sprintf("atomic-script rejected a message of %d bytes: one message may hold at most %d bytes (%d MiB); nothing was run. Pass large content in smaller pieces, e.g. several write calls, or let a script read it from a file.", size, maxFrame, maxFrame>>20)
	return errorLine(frameID(line[:min(len(line), 4096)]), jsonrpc.CodeInvalidRequest, msg)
}

// check returns nil for a line the SDK can read, else the error response
// to send in its place.
func check(line []byte) []byte { return checkFrame(line, "line") }

// checkFrame is check for one frame of a transport whose frames are
// called unit ("line", "request").
func checkFrame(line []byte, unit string) []byte {
	trimmed := bytes.TrimSpace(line)
	code, why, id := jsonrpc.CodeParseError, "it is not valid JSON (cut off or malformed)", frameID(trimmed)
	switch {
	case trimmed[0] == '[' && json.Valid(trimmed):
		// The SDK would end the session on a batch (MCP dropped batching
		// in 2025-06-18), so the filter refuses it like any bad line, with
		// the null id JSON-RPC gives the answer to a batch it rejects.
		code, why, id = jsonrpc.CodeInvalidRequest, "it is a JSON-RPC batch, which MCP does not support: send each message in its own "+unit, json.RawMessage("null")
	case json.Valid(trimmed):
		if _, err := jsonrpc.DecodeMessage(trimmed); err == nil {
			return nil
		} else {
			code, why = jsonrpc.CodeInvalidRequest, "it is not a JSON-RPC 2.0 message ("+err.Error()+")"
		}
	}
	msg := fmt.Sprintf("atomic-script rejected a message because %s; nothing was run. Send it again as one complete JSON object in one %s. Original message:\n%s", why, unit, quote(string(trimmed)))
	return errorLine(id, code, msg)
}

// errorLine is a JSON-RPC error response on one line.
func errorLine(id json.RawMessage, code int, msg string) []byte {
	reply, _ := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   jsonrpc.Error   `json:"error"`
	}{"2.0", id, jsonrpc.Error{Code: int64(code), Message: msg}})
	return append(reply, '\n')
}

var idPattern = regexp.MustCompile(`"id"\s*:\s*(-?[0-9]+(?:\.[0-9]+)?|"(?:[^"\\]|\\.)*")`)

// frameID reads the request id out of a malformed frame, or null.
func frameID(frame []byte) json.RawMessage {
	if m := idPattern.FindSubmatch(frame); m != nil && json.Valid(m[1]) {
		return json.RawMessage(m[1])
	}
	return json.RawMessage("null")
}

// lockedWriter makes each Write atomic: the SDK and the filter write whole
// lines to the same stream. The SDK's lines pass through translate (the
// session's idMap); the filter's own answers (WriteOwn) do not.
type lockedWriter struct {
	mu        sync.Mutex
	w         io.Writer
	translate func([]byte) []byte
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	n := len(p)
	if l.translate != nil {
		if p = l.translate(p); p == nil {
			return n, nil // not to be sent
		}
	}
	if _, err := l.WriteOwn(p); err != nil {
		return 0, err
	}
	return n, nil
}

// WriteOwn writes p as it is.
func (l *lockedWriter) WriteOwn(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func (l *lockedWriter) Close() error { return nil }
