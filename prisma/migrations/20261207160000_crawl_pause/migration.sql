-- A crawl waiting out its politeness delay (CRAWL_DELAY_MS, or robots.txt's Crawl-delay) is released
-- with the time its host may next be asked, rather than held by a worker that sleeps: the worker
-- ingests meanwhile, and whichever worker takes the next step (in any process) waits as long.
ALTER TABLE "crawls" ADD COLUMN "not_before" TIMESTAMPTZ(3);
