export default function DashboardPage() {
  return (
    <section className="container page">
      <h1>Dashboard</h1>
      <p>Please login to access your dashboard</p>
    </section>
  );
}
