-- Teams: people with accounts, their sessions and one-time links, groups, and collections that
-- every source belongs to. Every existing source goes into the public collection "General",
-- so an upgraded install answers exactly as before.

CREATE TYPE "UserStatus" AS ENUM ('active', 'disabled');
CREATE TYPE "CollectionVisibility" AS ENUM ('public', 'members', 'groups');
CREATE TYPE "CollectionAccess" AS ENUM ('read', 'edit');
CREATE TYPE "AccountLinkPurpose" AS ENUM ('invitation', 'reset');

-- A person: the principal with the same id holds the role and display name.
CREATE TABLE "users" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "status" "UserStatus" NOT NULL DEFAULT 'active',
    "password_hash" TEXT,
    "oidc_issuer" TEXT,
    "oidc_subject" TEXT,
    "last_seen_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "users_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "users_id_fkey" FOREIGN KEY ("id") REFERENCES "principals"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- Emails are stored normalised (NFC, lower case), so this is the case-insensitive uniqueness.
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");
CREATE UNIQUE INDEX "users_oidc_issuer_oidc_subject_key" ON "users"("oidc_issuer", "oidc_subject");

CREATE TABLE "user_sessions" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "user_agent" TEXT,
    "address" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "user_sessions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "user_sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "user_sessions_token_hash_key" ON "user_sessions"("token_hash");
CREATE INDEX "user_sessions_user_id_idx" ON "user_sessions"("user_id");
CREATE INDEX "user_sessions_expires_at_idx" ON "user_sessions"("expires_at");

-- One-time links: an invitation (set a first password) or a reset. Only the token's hash is kept.
CREATE TABLE "account_links" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "purpose" "AccountLinkPurpose" NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "account_links_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "account_links_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "account_links_token_hash_key" ON "account_links"("token_hash");
CREATE INDEX "account_links_user_id_idx" ON "account_links"("user_id");

CREATE TABLE "groups" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    -- 'oidc' for a group named by the identity provider's groups claim: not edited by hand.
    "managed_by" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "groups_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "groups_name_key" ON "groups"("name");

CREATE TABLE "group_members" (
    "group_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "group_members_pkey" PRIMARY KEY ("group_id", "user_id"),
    CONSTRAINT "group_members_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "group_members_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "group_members_user_id_idx" ON "group_members"("user_id");

CREATE TABLE "collections" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "visibility" "CollectionVisibility" NOT NULL DEFAULT 'public',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "collections_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "collections_name_key" ON "collections"("name");

-- The groups that may read a `groups` collection, and those whose members may edit any collection.
CREATE TABLE "collection_groups" (
    "collection_id" UUID NOT NULL,
    "group_id" UUID NOT NULL,
    "access" "CollectionAccess" NOT NULL,
    CONSTRAINT "collection_groups_pkey" PRIMARY KEY ("collection_id", "group_id", "access"),
    CONSTRAINT "collection_groups_collection_id_fkey" FOREIGN KEY ("collection_id") REFERENCES "collections"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "collection_groups_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "collection_groups_group_id_idx" ON "collection_groups"("group_id");

INSERT INTO "collections" ("id", "name", "description", "visibility")
VALUES (gen_random_uuid(), 'General', 'Knowledge everyone may read.', 'public');

ALTER TABLE "sources" ADD COLUMN "collection_id" UUID;
UPDATE "sources" SET "collection_id" = (SELECT "id" FROM "collections" WHERE "name" = 'General');
ALTER TABLE "sources" ALTER COLUMN "collection_id" SET NOT NULL;
ALTER TABLE "sources" ADD CONSTRAINT "sources_collection_id_fkey" FOREIGN KEY ("collection_id") REFERENCES "collections"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
CREATE INDEX "sources_collection_id_id_idx" ON "sources"("collection_id", "id");

-- A key narrowed to some collections (empty: all its user may read); a conversation's scope likewise.
ALTER TABLE "api_keys" ADD COLUMN "collection_ids" UUID[] NOT NULL DEFAULT '{}';
ALTER TABLE "conversations" ADD COLUMN "collection_ids" UUID[] NOT NULL DEFAULT '{}';
