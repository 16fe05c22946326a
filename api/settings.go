package api

import (
	"encoding/json"
	"net/http"

	"haat"
)

// SettingsResponse is the store's settings as the storefront needs them (GET /api/settings,
// POST /api/seller/settings): the delivery rules the cart and the help centre follow.
type SettingsResponse struct {
	Message  string             `json:"message,omitempty"`
	Settings haat.StoreSettings `json:"settings"`
	Success  bool               `json:"success"`
}

func (s *Server) settings(w http.ResponseWriter, r *http.Request) error {
	settings, err := s.Settings.StoreSettings(r.Context())
	if err != nil {
		return err
	}
	return ok(w, SettingsResponse{Settings: *settings, Success: true})
}

// sellerSettings changes the store's settings: the body is a StoreSettings in which a field sent
// replaces the setting and a field left out keeps it; "delivery": null sets no delivery rules.
func (s *Server) sellerSettings(w http.ResponseWriter, r *http.Request) error {
	var body json.RawMessage
	if err := decodeJSON(w, r, &body); err != nil {
		return err
	}
	settings, err := s.Settings.UpdateStoreSettings(r.Context(), func(settings *haat.StoreSettings) error {
		if err := json.Unmarshal(body, settings); err != nil {
			if haat.ErrorCode(err) != haat.EINTERNAL {
				return err
			}
			return bodyError(err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	s.settingsChanged()
	return ok(w, SettingsResponse{Message: say(w, r, "Settings saved"), Settings: *settings, Success: true})
}

// sellerLogo stores the store's logo, a photo checked as product photos are (multipart "logo"),
// and makes it the store's; the settings now in force are the answer.
func (s *Server) sellerLogo(w http.ResponseWriter, r *http.Request) error {
	form, err := multipartForm(w, r)
	if err != nil {
		return err
	}
	defer form.RemoveAll()
	files := form.File["logo"]
	if len(files) != 1 {
		return haat.Errorf(haat.EINVALID, "Choose one image for the logo")
	}
	paths, err := s.saveUploads(r, files)
	if err != nil {
		return err
	}
	settings, err := s.Settings.UpdateStoreSettings(r.Context(), func(settings *haat.StoreSettings) error {
		settings.Store.Logo = paths[0]
		return nil
	})
	if err != nil {
		return err
	}
	s.settingsChanged()
	return ok(w, SettingsResponse{Message: say(w, r, "Logo saved"), Settings: *settings, Success: true})
}

// settingsChanged tells the storefront's pages that the settings they show (the store's, and
// whether it has delivery slots) have changed: the next page is filled with the new ones.
func (s *Server) settingsChanged() {
	if s.pages != nil {
		s.pages.settings.forget()
	}
}

// SynonymsRequest sets the words the store's search counts as the same (POST
// /api/seller/synonyms): the groups, one a line of words separated by commas ("kukhura, chicken").
type SynonymsRequest struct {
	Synonyms []string `json:"synonyms"`
}

// SynonymsResponse is the words the store's search counts as the same, one group a line (GET and
// POST /api/seller/synonyms).
type SynonymsResponse struct {
	Message  string   `json:"message,omitempty"`
	Synonyms []string `json:"synonyms"`
	Success  bool     `json:"success"`
}

// sellerSynonyms answers the words the store's search counts as the same.
func (s *Server) sellerSynonyms(w http.ResponseWriter, r *http.Request) error {
	settings, err := s.Settings.StoreSettings(r.Context())
	if err != nil {
		return err
	}
	return ok(w, SynonymsResponse{Synonyms: settings.Synonyms, Success: true})
}

// sellerSetSynonyms replaces the words the store's search counts as the same; the search follows
// them at once, on every server.
func (s *Server) sellerSetSynonyms(w http.ResponseWriter, r *http.Request) error {
	var req SynonymsRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if req.Synonyms == nil {
		return haat.Errorf(haat.EINVALID, "Give the search words, one group a line")
	}
	settings, err := s.Settings.UpdateStoreSettings(r.Context(), func(settings *haat.StoreSettings) error {
		settings.Synonyms = req.Synonyms
		return nil
	})
	if err != nil {
		return err
	}
	return ok(w, SynonymsResponse{Message: say(w, r, "Search words saved"), Synonyms: settings.Synonyms, Success: true})
}
