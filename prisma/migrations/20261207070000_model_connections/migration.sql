-- Model connections: OpenAI-compatible servers an admin adds at run time. The API key is stored
-- encrypted (AES-256-GCM under a key derived from SECRET_KEY); only its last four characters in clear.
CREATE TABLE "model_connections" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "base_url" TEXT NOT NULL,
    "wire_api" TEXT NOT NULL DEFAULT 'chat',
    "api_key_encrypted" TEXT,
    "api_key_last4" TEXT,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "suggested" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "model_connections_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "model_connections_wire_api_check" CHECK ("wire_api" IN ('chat', 'responses'))
);
