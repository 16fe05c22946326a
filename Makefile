# Haat: `make run` builds and starts the store on its embedded defaults, in development (sign-in
# codes on screen, the test payment page); `make test` runs every test.
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -ec
GO ?= go
# One set of build flags for the binary, vet and the tests, so that each package is compiled once
# and shared: with different flags, go test would compile every dependency a second time.
GOFLAGS_BUILD := -trimpath
CATALOGUE_IMAGES := web/public/media/catalogue

.PHONY: build run test test-go test-web test-e2e web deps clean bench bench-baseline bench-web soak

build: web
	$(GO) build $(GOFLAGS_BUILD) -o bin/haat ./cmd/haat

run: build
	HAAT_ENV=development ./bin/haat serve

# web/node_modules is reinstalled only when the lock file changes.
deps: web/node_modules/.package-lock.json
web/node_modules/.package-lock.json: web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $@

web: deps
	node catalogue/copy-images.mjs web/node_modules/@lobehub/fluent-emoji-3d $(CATALOGUE_IMAGES)
	cd web && npm run build

test: build test-go test-web test-e2e

# Go tests on SQLite, and on PostgreSQL too when HAAT_TEST_POSTGRES is set. The per-database
# subtests are listed so the log shows which databases ran. Tests on a database of their own run
# in parallel, more at a time than there are cores: they mostly wait for their database. The long
# runs of real servers are `make soak`'s.
GO_TEST_PARALLEL ?= 8
test-go:
	$(GO) vet $(GOFLAGS_BUILD) ./...
	@if [ -z "$$HAAT_TEST_POSTGRES" ]; then echo "HAAT_TEST_POSTGRES is not set: Go tests run on SQLite only"; fi
	HAAT_SOAK= $(GO) test $(GOFLAGS_BUILD) -count=1 -parallel $(GO_TEST_PARALLEL) -timeout 20m -v ./... | awk '/^=== (RUN|PAUSE|CONT|NAME)/ || /^PASS$$/ { next } \
		/^ *--- PASS/ && !/^    --- PASS: [^ ]+\/(sqlite|postgres) / { next } { print }'
	@# The fuzz targets ran their seeds above; each now runs 2000 inputs beyond them (an input that
	@# fails is written to api/testdata/fuzz: commit it with the fix). A count, not a time: Go 1.26's
	@# fuzzing can fail a run with "context deadline exceeded" when a time limit ends mid-input on a
	@# busy machine (golang/go#75804, fixed in Go 1.27).
	for f in FuzzMutatingCalls FuzzProductForm FuzzPaymentCallbacks; do \
		$(GO) test ./api -run '^$$' -fuzz "^$$f$$" -fuzztime 2000x || exit 1; done

# Lint (no error, no warning allowed), then the unit tests.
test-web: deps
	cd web && npm run lint && npm test

# e2e/node_modules too is reinstalled only when its lock file changes.
e2e/node_modules/.package-lock.json: e2e/package-lock.json
	cd e2e && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
	touch $@

test-e2e: build e2e/node_modules/.package-lock.json
	cd e2e && npx playwright test

# Load benchmarks against the built binary, with nginx serving the same product list as the
# reference (wrk and nginx from Debian, installed when missing); PostgreSQL too when
# HAAT_TEST_POSTGRES is set. The report is printed and kept in bench/out/; RESULTS.md quotes it.
# Each hot path (the product list, cash orders) is compared with bench/baseline.json, its answers a
# second as a share of nginx's in the same run: a run more than a quarter below fails.
# `make bench-baseline` keeps a run's figures as the new baseline (on a quiet machine).
bench: build
	@command -v wrk >/dev/null && command -v nginx >/dev/null || apt-get install -y -qq --no-install-recommends wrk nginx-light
	mkdir -p bench/out
	$(GO) run ./bench/cmd/haatbench $(BENCH_FLAGS) | tee bench/out/$$(date -u +%Y%m%d-%H%M).md

bench-baseline: BENCH_FLAGS += -write-baseline
bench-baseline: bench

# The long reliability runs against the built binary: five kills under order load, a backup under
# load, two servers sharing PostgreSQL and an S3 bucket, the faults under order load (PostgreSQL
# restarted, a server of the test's own; the S3 server stopped; SQLite's disk full, a tmpfs that
# needs root), and 200 shoppers for 60 s on SQLite, on PostgreSQL and on two servers
# (HAAT_TEST_POSTGRES, versitygw); docs/RELIABILITY.md quotes the last figures.
# HAAT_SOAK_SHOPPERS and HAAT_SOAK_SECONDS change the crowd and the time.
soak: build
	HAAT_SOAK=1 HAAT_BENCH_BIN=$(CURDIR)/bin/haat $(GO) test $(GOFLAGS_BUILD) ./bench -run 'TestSoak|TestCrashKeepsAnsweredOrders|TestBackupUnderLoad|TestTwoServers|TestFault' \
		-count=1 -v -timeout 30m | grep -v '^=== '

# Lighthouse (mobile defaults) on the landing page, /home, /products, a product page and /cart of
# the built store, in Debian's Chromium; the scores go in bench/RESULTS.md.
bench-web: build
	cd bench/web && npm ci --no-audit --no-fund && node lighthouse.mjs --runs 3 $(LIGHTHOUSE_FLAGS)

clean:
	rm -rf bin web/dist/app $(CATALOGUE_IMAGES)
