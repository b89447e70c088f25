/** Unknown routes (spec 000 §2): 404 "This page could not be found". */
export const loader = () => {
  throw new Response("This page could not be found", { status: 404 });
};
export default function NotFound() {
  return null;
}
