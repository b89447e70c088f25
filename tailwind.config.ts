import type { Config } from "tailwindcss";

/** Brand colours come from CSS custom properties set from the config, so a tenant's colour needs no rebuild. */
export default {
  content: ["./app/**/*.{ts,tsx,js,jsx}"],
  theme: {
    /*
     * The layout constants of spec 000 §9 / 002 §9, whose breakpoints are the original's maximum
     * widths; as Tailwind's minimum widths they are one pixel above (docs/decisions/025): the
     * layout switches at 600 (xs) and 767 px (md); page padding 20, 40 (sm), 80 (xl) and 150 px
     * (2xl) at 640, 1280 and 1440 px; the left menu closes at 1024 px and below (lg).
     */
    screens: {
      xs: "601px",
      sm: "641px",
      md: "768px",
      lg: "1025px",
      xl: "1281px",
      "2xl": "1441px",
    },
    extend: {
      colors: {
        primary: {
          DEFAULT: "rgb(var(--color-primary) / <alpha-value>)",
          fg: "rgb(var(--color-primary-fg) / <alpha-value>)",
        },
      },
      fontFamily: {
        sans: [
          "system-ui",
          "-apple-system",
          "Segoe UI",
          "Roboto",
          "Noto Sans Thai",
          "Sarabun",
          "Leelawadee UI",
          "Tahoma",
          "sans-serif",
        ],
      },
      height: { header: "50px" },
    },
  },
  plugins: [],
} satisfies Config;
