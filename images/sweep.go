package images

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
)

// RemoveUnused deletes the photos that inUse (URL paths, as Save returns them) does not name,
// every size of each, unless stored at or after before: a photo is saved a moment before the
// product that shows it, so only photos older than that moment can be left over by a save that
// failed. It returns how many photos it removed.
func (s *Store) RemoveUnused(ctx context.Context, inUse map[string]bool, before time.Time) (int, error) {
	// A photo is its full size, id.ext, and its smaller sizes, id-400.ext and so on.
	unused := map[string][]string{}
	kept := map[string]bool{}
	it := s.bucket.List(nil)
	for {
		obj, err := it.Next(ctx)
		if errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return 0, fmt.Errorf("images: list: %w", err)
		}
		if obj.IsDir || !validKey(obj.Key) {
			continue
		}
		name, ext, _ := strings.Cut(obj.Key, ".")
		id, _, _ := strings.Cut(name, "-")
		photo := URLPrefix + id + "." + ext
		if inUse[photo] || !obj.ModTime.Before(before) {
			kept[photo] = true
			continue
		}
		unused[photo] = append(unused[photo], obj.Key)
	}
	removed := 0
	for photo, keys := range unused {
		if kept[photo] {
			continue // one of its sizes is newer than before: being saved right now
		}
		for _, key := range keys {
			if err := s.bucket.Delete(ctx, key); err != nil {
				return removed, fmt.Errorf("images: remove %s: %w", key, err)
			}
		}
		removed++
	}
	return removed, nil
}
