// Tailwind CSS v4 through PostCSS (Next picks this file up).
export default { plugins: { "@tailwindcss/postcss": {} } };
