import { Link } from 'react-router';
import { PageHead } from '@/components/PageHead';

const VALUES = [
  {
    title: 'Complete, working projects',
    text: 'Every product is reviewed by our team before it is listed, with a live preview so you can play it before you buy.',
  },
  {
    title: 'Clear licences',
    text: 'A Single App License covers one published app; a Multi App License lets you ship the code in several of your own titles.',
  },
  {
    title: 'Fair to studios',
    text: 'Sellers keep their rights, set their own prices and withdraw their earnings whenever they like.',
  },
] as const;

export default function AboutPage() {
  return (
    <article className="container page-section prose-page">
      <PageHead title="About us" description="Who we are and how the source code marketplace works." />
      <h1 className="page-title">About us</h1>
      <p className="lead">Source Code Marketplace connects independent game and app studios with developers who want to launch faster.</p>
      <p>
        Building a polished mobile game from scratch takes months. Many studios already have finished projects — arcade games, puzzles,
        racing games, utilities — that deserve a second life. We give them a place to sell that source code as licences, and give buyers a
        head start: download a proven project, reskin it with your own art and ideas, and publish it on Google Play or the App Store.
      </p>
      <h2 className="section-title">What we stand for</h2>
      <div className="row g-3 mb-4">
        {VALUES.map((value) => (
          <div className="col-12 col-md-4" key={value.title}>
            <div className="info-card h-100">
              <h3 className="info-card-title">{value.title}</h3>
              <p className="mb-0">{value.text}</p>
            </div>
          </div>
        ))}
      </div>
      <h2 className="section-title">Need something custom?</h2>
      <p>
        Many products offer a reskin service from their author, and our network of developers takes on whole projects too.{' '}
        <Link to="/hire-developer">Hire a developer</Link> or <Link to="/contact-us">get in touch</Link> and we will answer within two
        working days.
      </p>
    </article>
  );
}
