package sqlstore

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"time"

	"haat"
)

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// CreateSession starts a session and returns its token; only the token's hash is stored.
func (d *DB) CreateSession(ctx context.Context, role, subjectID string, ttl time.Duration) (string, error) {
	buf := make([]byte, 32)
	rand.Read(buf)
	token := base64.RawURLEncoding.EncodeToString(buf)
	now := d.now()
	// Expired sessions are removed by Sweep.
	if _, err := d.exec(ctx, `INSERT INTO sessions (token_hash, role, subject_id, expires_at, created_at)
		VALUES ($1, $2, $3, $4, $5)`, hashToken(token), role, subjectID, now.Add(ttl).UnixMilli(), now.UnixMilli()); err != nil {
		return "", wrap("create session", err)
	}
	return token, nil
}

// SessionSubject returns the subject of a live session of role.
func (d *DB) SessionSubject(ctx context.Context, role, token string) (string, error) {
	var subject string
	err := d.queryRow(ctx, `SELECT subject_id FROM sessions WHERE token_hash = $1 AND role = $2 AND expires_at > $3`,
		hashToken(token), role, d.now().UnixMilli()).Scan(&subject)
	if errors.Is(err, sql.ErrNoRows) {
		return "", haat.Errorf(haat.ENOTFOUND, "Session not found")
	} else if err != nil {
		return "", wrap("session", err)
	}
	return subject, nil
}

// DeleteSession ends a session.
func (d *DB) DeleteSession(ctx context.Context, role, token string) error {
	if _, err := d.exec(ctx, `DELETE FROM sessions WHERE token_hash = $1 AND role = $2`, hashToken(token), role); err != nil {
		return wrap("delete session", err)
	}
	return nil
}
