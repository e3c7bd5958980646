// Tailwind CSS 4 runs as a PostCSS plugin; no tailwind.config needed.
const config = {
  plugins: { '@tailwindcss/postcss': {} },
};

export default config;
