'use client';

import { AllowedModels } from './allowed-models';
import { EmbeddingModelPanel } from './embedding-model-panel';
import { useModelsVersion } from './models-version';

/** The panels whose choices are the connections' models: each reads them again when a connection or the default changes. */
export function ModelChoicePanels() {
  const version = useModelsVersion();
  return (
    <>
      <AllowedModels reloadKey={version} />
      <EmbeddingModelPanel key={version} />
    </>
  );
}
