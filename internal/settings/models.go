package settings

import (
	"fmt"

	"github.com/atomic-script/atomic-script/models"
)

// Models is the models block: the OpenAI-compatible provider behind
// models.* in scripts, when OPENAI_BASE_URL does not name it.
//
// Where prompts go and which secret goes with them is the user's to say:
// the project file's baseURL and apiKeyEnv count only in a trusted
// workspace (a repository's settings must not send OPENAI_API_KEY, or any
// variable it names, to a server of its choosing). Its defaults and
// limits count everywhere.
type Models struct {
	// BaseURL is the API root ("http://127.0.0.1:8080/v1"); it wins over
	// OPENAI_BASE_URL.
	BaseURL string `json:"baseURL,omitempty"`
	// APIKeyEnv names the environment variable holding the key (default
	// OPENAI_API_KEY); the key itself never sits in a settings file.
	APIKeyEnv string `json:"apiKeyEnv,omitempty"`
	// Defaults are the models of calls that name none.
	Defaults ModelDefaults `json:"defaults"`
	// MaxInputTokens is the budget of one classification (default 100,000
	// estimated tokens).
	MaxInputTokens int `json:"maxInputTokens,omitempty"`
	// StructuredOutput is auto (default), json_schema or tools.
	StructuredOutput string `json:"structuredOutput,omitempty"`
}

// ModelDefaults are the default model of each task.
type ModelDefaults struct {
	Classify       string `json:"classify,omitempty"`
	GenerateImages string `json:"generateImages,omitempty"`
}

// The environment variables of the ecosystem's OpenAI clients.
const (
	BaseURLEnv = "OPENAI_BASE_URL"
	APIKeyEnv  = "OPENAI_API_KEY"
	// OpenAIBaseURL is where a key without a base URL goes, as the
	// official SDKs do.
	OpenAIBaseURL = "https://api.openai.com/v1"
)

// dropProviderKeys removes baseURL and apiKeyEnv from a project file's
// models block and names those it removed.
func dropProviderKeys(file map[string]any) []string {
	block, ok := file["models"].(map[string]any)
	if !ok {
		return nil
	}
	var dropped []string
	for _, k := range []string{"baseURL", "apiKeyEnv"} {
		if _, ok := block[k]; ok {
			delete(block, k)
			dropped = append(dropped, k)
		}
	}
	return dropped
}

// ModelsClient is the model client of these settings and the environment
// (getenv): the base URL from models.baseURL, else OPENAI_BASE_URL, else
// the OpenAI API when a key is set; the key from the variable
// models.apiKeyEnv names, else OPENAI_API_KEY. With neither a base URL
// nor a key it is a client without a provider, whose calls say how to
// configure one. A malformed base URL is an error naming where it was set.
func (s Settings) ModelsClient(getenv func(string) string, userAgent string) (*models.Client, error) {
	m := s.Models
	keyEnv := APIKeyEnv
	if m.APIKeyEnv != "" {
		keyEnv = m.APIKeyEnv
	}
	key := getenv(keyEnv)
	base, from := m.BaseURL, "settings models.baseURL"
	if base == "" {
		base, from = getenv(BaseURLEnv), BaseURLEnv
	}
	if base == "" && key != "" {
		base, from = OpenAIBaseURL, keyEnv+" is set, so the OpenAI API"
	}
	opts := models.Options{ClassifyModel: m.Defaults.Classify, ImageModel: m.Defaults.GenerateImages, MaxInputTokens: m.MaxInputTokens}
	if m.MaxInputTokens < 0 {
		return nil, fmt.Errorf("settings models.maxInputTokens: %d is negative", m.MaxInputTokens)
	}
	if base == "" {
		return models.New(nil, opts), nil
	}
	p, err := models.NewOpenAI(models.OpenAIConfig{
		BaseURL: base, APIKey: key, KeySource: keyEnv,
		StructuredOutput: m.StructuredOutput, UserAgent: userAgent,
	})
	if err != nil {
		return nil, fmt.Errorf("%s: %v", from, err)
	}
	return models.New(p, opts), nil
}
