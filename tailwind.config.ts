import type { Config } from "tailwindcss";

/** Brand colours come from CSS custom properties set from the config, so a tenant's colour needs no rebuild. */
export default {
  content: ["./app/**/*.{ts,tsx,js,jsx}"],
  theme: {
    extend: {
      colors: {
        primary: {
          DEFAULT: "rgb(var(--color-primary) / <alpha-value>)",
          fg: "rgb(var(--color-primary-fg) / <alpha-value>)",
        },
      },
      fontFamily: {
        sans: ["system-ui", "-apple-system", "Segoe UI", "Roboto", "Noto Sans Thai", "Sarabun", "Leelawadee UI", "Tahoma", "sans-serif"],
      },
      height: { header: "50px" },
    },
  },
  plugins: [],
} satisfies Config;
