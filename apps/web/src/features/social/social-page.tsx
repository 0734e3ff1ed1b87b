/** Social (spec 02 §2). The page's content is built by its own issue; the route exists now. */
export default function SocialPage() {
  return <h1 className="text-2xl font-bold">Social</h1>;
}
