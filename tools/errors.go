package tools

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
)

// Code is a stable error code that reaches JavaScript as `error.code` and MCP
// clients in the error text. Codes are mapped in this one place.
type Code string

// The error codes a tool call can fail with.
const (
	ErrInvalidArgs Code = "ERR_INVALID_ARGS" // arguments failed the input schema or a tool's own checks
	ErrNotFound    Code = "ERR_NOT_FOUND"    // a named file, task or tool does not exist
	ErrStaleAnchor Code = "ERR_STALE_ANCHOR" // a hashline tag no longer matches the file
	ErrConflict    Code = "ERR_CONFLICT"     // a write would discard changes this session has not seen
	ErrTimeout     Code = "ERR_TIMEOUT"      // the call or the script ran out of time
	ErrCancelled   Code = "ERR_CANCELLED"    // the call was cancelled (script ended, client cancelled)
	ErrPermission  Code = "ERR_PERMISSION"   // the file system or a policy refused access
	ErrUnknownTool Code = "ERR_UNKNOWN_TOOL" // no enabled tool has that name
	ErrNotAllowed  Code = "ERR_NOT_ALLOWED"  // the tool exists but this caller may not use it
	ErrDenied      Code = "ERR_DENIED"       // the approval policy or the person asked refused the call
	ErrLimit       Code = "ERR_LIMIT"        // a size or count limit was reached
	ErrNoop        Code = "ERR_NOOP"         // an edit changed nothing, repeatedly
	ErrBinary      Code = "ERR_BINARY"       // a text operation met a binary file
	ErrIO          Code = "ERR_IO"           // any other file system failure
	ErrUnavailable Code = "ERR_UNAVAILABLE"  // what the call needs is not there in this run (no one to answer a question, no MCP server)
	ErrTool        Code = "ERR_TOOL"         // any other failure
)

// Error is a tool failure with a stable code. Its message is what a model or
// script author reads, so it says what was wrong and what to do next.
type Error struct {
	Code Code
	Msg  string
	Err  error // the underlying cause, if any
}

func (e *Error) Error() string { return e.Msg }
func (e *Error) Unwrap() error { return e.Err }

// Errorf returns an *Error with code and a formatted message. A %w verb
// wraps its operand as the cause.
func Errorf(code Code, format string, args ...any) *Error {
	err := fmt.Errorf(format, args...)
	return &Error{Code: code, Msg: err.Error(), Err: errors.Unwrap(err)}
}

// CodeOf returns the code for err: the Code of a wrapped *Error, or one
// derived from well-known causes (context, file system), else ErrTool.
func CodeOf(err error) Code {
	var te *Error
	switch {
	case err == nil:
		return ""
	case errors.As(err, &te) && te.Code != "":
		return te.Code
	case errors.Is(err, context.DeadlineExceeded):
		return ErrTimeout
	case errors.Is(err, context.Canceled):
		return ErrCancelled
	case errors.Is(err, fs.ErrNotExist):
		return ErrNotFound
	case errors.Is(err, fs.ErrPermission):
		return ErrPermission
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return ErrIO
	}
	return ErrTool
}
